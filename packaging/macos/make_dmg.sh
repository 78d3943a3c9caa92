#!/usr/bin/env bash
# The macOS disk image: dist/Craits-VERSION-macos-ARCH.dmg holding only Craits.app.
#
#   packaging/macos/make_dmg.sh VERSION ARCH        # after make package, on a Mac of that ARCH
#
# With CRAITS_CODESIGN_IDENTITY set (a "Developer ID Application" identity in the keychain,
# which build.spec already used to sign the app with the hardened runtime) the image is
# signed too; with NOTARY_APPLE_ID, NOTARY_TEAM_ID and NOTARY_PASSWORD (an app-specific
# password) as well, the app and then the image are notarised (notarytool submit --wait) and
# their tickets stapled, so Gatekeeper opens them offline. Without them the app stays signed
# ad hoc (PyInstaller's own signature) and a notice says so.
set -euo pipefail

version=${1:?usage: make_dmg.sh VERSION ARCH}
arch=${2:?usage: make_dmg.sh VERSION ARCH}
app=dist/Craits.app
dmg="dist/Craits-$version-macos-$arch.dmg"
identity=${CRAITS_CODESIGN_IDENTITY:-}

[ -d "$app" ] || { echo "no $app: run make package first" >&2; exit 1; }
[ -f "$app/Contents/Resources/LICENSE" ] || { echo "$app carries no LICENSE" >&2; exit 1; }
archs=$(lipo -archs "$app/Contents/MacOS/Craits")
case " $archs " in
    *" $arch "*) ;;
    *) echo "$app is built for '$archs', not $arch" >&2; exit 1 ;;
esac

# notarise FILE: submit, wait, and fail with Apple's log unless it is accepted.
notarise() {
    local result status id
    result=$(xcrun notarytool submit "$1" --apple-id "$NOTARY_APPLE_ID" \
        --team-id "$NOTARY_TEAM_ID" --password "$NOTARY_PASSWORD" --wait --output-format json)
    status=$(python3 -c 'import json,sys; print(json.loads(sys.argv[1])["status"])' "$result")
    id=$(python3 -c 'import json,sys; print(json.loads(sys.argv[1])["id"])' "$result")
    echo "notarisation of $1: $status ($id)"
    if [ "$status" != Accepted ]; then
        xcrun notarytool log "$id" --apple-id "$NOTARY_APPLE_ID" --team-id "$NOTARY_TEAM_ID" \
            --password "$NOTARY_PASSWORD" >&2 || true
        exit 1
    fi
}

staging=$(mktemp -d)
trap 'rm -rf "$staging"' EXIT
ditto "$app" "$staging/Craits.app"  # ditto keeps the bundle's links, modes and signatures
codesign --verify --deep --strict "$staging/Craits.app"

notarising=false
if [ -n "$identity" ] && [ -n "${NOTARY_APPLE_ID:-}" ] && [ -n "${NOTARY_TEAM_ID:-}" ] \
        && [ -n "${NOTARY_PASSWORD:-}" ]; then
    notarising=true
fi
if [ -z "$identity" ]; then
    echo "::notice title=macOS app not notarised::No Developer ID secrets: Craits.app is signed ad hoc; on first open players use System Settings > Privacy & Security > Open Anyway."
elif ! $notarising; then
    echo "::notice title=macOS app not notarised::Signed with a Developer ID but the notary secrets are missing: not notarised."
fi

if $notarising; then
    ditto -c -k --keepParent "$staging/Craits.app" "$staging/Craits.zip"
    notarise "$staging/Craits.zip"
    rm "$staging/Craits.zip"
    xcrun stapler staple "$staging/Craits.app"
fi

rm -f "$dmg"
hdiutil create -volname "Craits $version" -srcfolder "$staging" -fs HFS+ -format UDZO \
    -ov "$dmg"

if [ -n "$identity" ]; then
    codesign --sign "$identity" --timestamp "$dmg"
fi
if $notarising; then
    notarise "$dmg"
    xcrun stapler staple "$dmg"
    spctl --assess --type open --context context:primary-signature --verbose "$dmg"
fi
echo "Built $dmg"
