"""What a release is made of: the Windows installer, the AppImage's folder and metadata, the
glibc check, the version check and the smoke test (packaging/, .github/workflows/release.yml).

The installer compiles with makensis and the metadata validate with desktop-file-validate and
appstreamcli where those tools are installed (Debian: nsis, desktop-file-utils, appstream);
elsewhere those tests are skipped with the reason.
"""

from __future__ import annotations

import importlib.util
import os
import re
import shutil
import subprocess
import sys
import textwrap
import time
import tomllib
import xml.etree.ElementTree as ElementTree
from pathlib import Path
from types import ModuleType

import pytest
import yaml

ROOT = Path(__file__).resolve().parent.parent
PACKAGING = ROOT / "packaging"
VERSION = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["version"]
posix_only = pytest.mark.skipif(sys.platform == "win32", reason="AppRun and the stand-ins are sh")


def load(relative: str) -> ModuleType:
    """A packaging script as a module (packaging/ is a folder of scripts, not a package)."""
    path = PACKAGING / relative
    spec = importlib.util.spec_from_file_location(path.stem, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


installer = load("windows/build_installer.py")
appdir_builder = load("linux/build_appdir.py")
metadata = load("linux/check_metadata.py")
glibc = load("linux/glibc_floor.py")
release_version = load("release_version.py")
smoke = load("smoke_test.py")


# The Windows installer

needs_makensis = pytest.mark.skipif(installer.find_makensis() is None,
                                    reason="makensis is not installed (Debian: nsis)")


@needs_makensis
def test_installer_compiles_and_signs_the_installer_and_its_uninstaller(tmp_path: Path) -> None:
    source = installer.make_stand_in(tmp_path / "Craits")
    log = tmp_path / "signed.txt"
    signer = tmp_path / "sign.py"
    signer.write_text(f"import sys\nopen({str(log)!r}, 'a').write(sys.argv[1] + '\\n')\n")
    target = installer.build(installer.find_makensis(), source, tmp_path / "out", VERSION,
                             sign=f'"{sys.executable}" "{signer}" "%1"')
    assert target.name == f"Craits-{VERSION}-windows-x64-setup.exe"
    assert target.read_bytes()[:2] == b"MZ"
    signed = log.read_text().split("\n")[:-1]
    assert len(signed) == 2, signed  # the uninstaller as it is written, then the installer
    assert Path(signed[1]) == target.resolve()


@needs_makensis
def test_installer_build_stops_when_signing_fails(tmp_path: Path) -> None:
    source = installer.make_stand_in(tmp_path / "Craits")
    with pytest.raises(subprocess.CalledProcessError):
        installer.build(installer.find_makensis(), source, tmp_path / "out", VERSION,
                        sign=f'"{sys.executable}" -c "raise SystemExit(1)" "%1"')


def test_installer_refuses_a_build_without_its_licence(tmp_path: Path) -> None:
    source = installer.make_stand_in(tmp_path / "Craits")
    (source / "_internal" / "LICENSE").unlink()
    with pytest.raises(FileNotFoundError, match="LICENSE"):
        installer.build("makensis", source, tmp_path / "out", VERSION)


def test_installer_check_skips_with_a_message_where_makensis_is_missing(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(installer, "find_makensis", lambda: None)
    assert installer.main(["--stand-in"]) == 0
    assert "skipped: makensis not found" in capsys.readouterr().out
    assert installer.main([]) == 1  # a real build cannot do without it


def test_installer_is_per_user_and_its_uninstaller_removes_only_its_own_files() -> None:
    script = (PACKAGING / "windows" / "craits.nsi").read_text(encoding="utf-8")
    lines = [line.strip() for line in script.splitlines() if not line.lstrip().startswith(";")]
    assert "RequestExecutionLevel user" in lines
    assert 'InstallDir "$LOCALAPPDATA\\Programs\\${APP}"' in lines
    assert not [line for line in lines if "HKLM" in line or "$PROGRAMFILES" in line]
    uninstall = script[script.index('Section "Uninstall"'):]
    assert 'DeleteRegKey HKCU "${UNINSTALL_KEY}"' in uninstall
    assert 'Delete "$SMPROGRAMS\\${APP}.lnk"' in uninstall
    # RMDir /r on the folder itself would take whatever else the player keeps there.
    assert 'RMDir "$INSTDIR"' in uninstall and 'RMDir /r "$INSTDIR"' not in uninstall


# The AppImage's folder and its metadata

def stand_in_bundle(folder: Path) -> Path:
    """A one-folder build whose program writes its arguments to $CRAITS_ARGS, one a line."""
    (folder / "_internal" / "assets" / "fonts").mkdir(parents=True)
    program = folder / "Craits"
    program.write_text('#!/bin/sh\nprintf "%s\\n" "$@" > "$CRAITS_ARGS"\n')
    program.chmod(0o755)
    for path in appdir_builder.LICENCES:
        (folder / path).write_text(f"licence {path.name}\n")
    return folder


@posix_only
def test_appdir_starts_the_game_with_its_arguments_and_carries_metadata_and_licences(
        tmp_path: Path) -> None:
    appdir = appdir_builder.build_appdir(stand_in_bundle(tmp_path / "Craits"),
                                         tmp_path / "Craits.AppDir")
    arguments = tmp_path / "args.txt"
    subprocess.run([str(appdir / "AppRun"), "--selftest", "two words"], check=True,
                   env=dict(os.environ, CRAITS_ARGS=str(arguments)), timeout=30)
    assert arguments.read_text().splitlines() == ["--selftest", "two words"]

    app_id = appdir_builder.APP_ID
    desktop = appdir / f"{app_id}.desktop"
    assert desktop.is_file()
    assert (appdir / "usr" / "share" / "applications" / desktop.name).is_file()
    icon = [line.split("=", 1)[1] for line in desktop.read_text().splitlines()
            if line.startswith("Icon=")]
    assert (appdir / f"{icon[0]}.png").is_file() and (appdir / ".DirIcon").exists()
    assert (appdir / "usr/share/icons/hicolor/256x256/apps" / f"{icon[0]}.png").is_file()
    component = ElementTree.parse(appdir / "usr/share/metainfo" / f"{app_id}.metainfo.xml")
    assert component.findtext("id") == app_id
    assert component.findtext("launchable[@type='desktop-id']") == desktop.name
    doc = appdir / "usr" / "share" / "doc" / "craits"
    assert sorted(p.name for p in doc.iterdir()) == sorted(appdir_builder.LICENCES.values())


def test_appdir_refuses_a_build_without_its_licences(tmp_path: Path) -> None:
    bundle = stand_in_bundle(tmp_path / "Craits")
    (bundle / "_internal" / "LICENSE").unlink()
    with pytest.raises(FileNotFoundError, match="LICENSE"):
        appdir_builder.build_appdir(bundle, tmp_path / "Craits.AppDir")


def test_desktop_file_and_metainfo_validate_where_the_validators_are_installed(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert metadata.check(None, require=False) == []
    out = capsys.readouterr().out
    for tool in ("desktop-file-validate", "appstreamcli"):
        assert f"ok: {tool}" in out or f"skipped: {tool} not found" in out


def test_metainfo_has_what_software_centres_show() -> None:
    component = ElementTree.parse(PACKAGING / "linux" / f"{appdir_builder.APP_ID}.metainfo.xml")
    assert component.findtext("project_license") == "MIT"
    assert component.find("content_rating[@type='oars-1.1']") is not None
    shots = component.findall("screenshots/screenshot/image")
    assert shots, "no screenshots"
    for shot in shots:  # each named by its place in this repository
        path = shot.text.split("/main/", 1)[1] if shot.text else ""
        assert (ROOT / path).is_file(), f"{shot.text} names no file of the repository"


def test_a_metainfo_without_this_version_among_its_releases_is_reported(tmp_path: Path) -> None:
    appdir = tmp_path / "AppDir"
    (appdir / "usr" / "share" / "metainfo").mkdir(parents=True)
    shutil.copy(PACKAGING / "craits.desktop", appdir / "craits.desktop")
    text = (PACKAGING / "linux" / f"{appdir_builder.APP_ID}.metainfo.xml").read_text()
    (appdir / "usr/share/metainfo/x.metainfo.xml").write_text(
        text.replace(f'<release version="{VERSION}"', '<release version="99.0"', 1))
    problems = metadata.check(appdir, require=False)
    assert any("newest <release> is 99.0" in problem for problem in problems), problems


# The glibc a Linux build needs

def test_glibc_versions_come_from_both_tools_and_ignore_private_symbols() -> None:
    objdump = textwrap.dedent("""\
        0000000000000000      DF *UND*  0000000000000000 (GLIBC_2.34) __libc_start_main
        0000000000000000      DF *UND*  0000000000000000 (GLIBC_2.2.5) memcpy
        0000000000000000      DF *UND*  0000000000000000 (GLIBC_PRIVATE) _dl_find_object
        """)
    readelf = "    12: 0000000000000000     0 FUNC    GLOBAL DEFAULT  UND stat@GLIBC_2.33 (9)\n"
    assert glibc.glibc_versions(objdump) == {(2, 34), (2, 2, 5)}
    assert glibc.glibc_versions(readelf) == {(2, 33)}
    assert max(glibc.glibc_versions(objdump + readelf)) == (2, 34)


@pytest.mark.skipif(not sys.platform.startswith("linux")
                    or not (shutil.which("objdump") or shutil.which("readelf")),
                    reason="needs a Linux ELF program and binutils")
def test_glibc_floor_fails_a_build_above_the_floor(tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    bundle = tmp_path / "bundle"
    bundle.mkdir()
    shutil.copy(os.path.realpath(sys.executable), bundle / "python")
    (bundle / "notes.txt").write_text("not an ELF file")
    assert glibc.main([str(bundle), "--max", "99.0"]) == 0
    assert "highest GLIBC_ version needed: 2." in capsys.readouterr().out
    assert glibc.main([str(bundle), "--max", "2.0"]) == 1
    assert "above the floor 2.0" in capsys.readouterr().err


# The release's version and the smoke test

def test_a_release_tag_must_be_v_and_the_project_version() -> None:
    assert release_version.main([f"v{VERSION}"]) == 0
    assert release_version.main([f"refs/tags/v{VERSION}"]) == 0
    assert release_version.problems("v1.2.3", "1.2.3", "1.2.3") == []
    assert len(release_version.problems("1.2.3", "1.2.3", "1.2.3")) == 1
    assert len(release_version.problems("v1.2.4", "1.2.3", "1.2.3")) == 1
    assert len(release_version.problems("v1.2.3", "1.2.3", "1.2.2")) == 1
    assert release_version.problems(None, "1.2.3", "1.2.3") == []  # a trial run
    assert release_version.main([]) == 0


FAKE_GAME = """\
import json, sys
args = sys.argv[1:]
if args == ["--version"]:
    print("craits 1.2.3")
elif args == ["--selftest"]:
    print("selftest: ok")
elif args[0] == "tournament":
    print(json.dumps({"games": GAMES}))
else:
    print("frames=10 frame_ms_p50=1.0")
"""


@pytest.mark.parametrize(("games", "passes"), [(2, True), (1, False)])
def test_smoke_test_runs_each_check_and_fails_on_a_wrong_answer(
        tmp_path: Path, games: int, passes: bool) -> None:
    game = tmp_path / "game.py"
    game.write_text(FAKE_GAME.replace("GAMES", str(games)))
    exit_code = smoke.main(["--expect-version", "1.2.3", "--", sys.executable, str(game)])
    assert exit_code == (0 if passes else 1)


def test_smoke_test_checks_the_version_printed(tmp_path: Path) -> None:
    game = tmp_path / "game.py"
    game.write_text(FAKE_GAME.replace("GAMES", "2"))
    assert smoke.main(["--expect-version", "1.2.4", "--", sys.executable, str(game)]) == 1


def test_release_workflow_builds_linux_on_the_old_base_and_smoke_tests_every_build() -> None:
    workflow = yaml.safe_load((ROOT / ".github/workflows/release.yml").read_text())
    jobs = workflow["jobs"]
    assert jobs["linux"]["runs-on"] == "ubuntu-22.04"
    assert jobs["linux"]["env"]["GLIBC_FLOOR"] == "2.35"
    arches = {entry["arch"] for entry in jobs["macos"]["strategy"]["matrix"]["include"]}
    assert arches == {"arm64", "x86_64"}
    for name in ("python", "windows", "macos", "linux"):
        steps = " ".join(step.get("run", "") for step in jobs[name]["steps"])
        assert re.search(r'smoke_test\.py"? --expect-version', steps), name
        assert "tests" in jobs[name]["needs"], name


def test_flatpak_manifest_installs_the_metadata_under_its_id_from_pinned_sources() -> None:
    manifest = yaml.safe_load((PACKAGING / "flatpak" / f"{appdir_builder.APP_ID}.yml").read_text())
    assert manifest["id"] == appdir_builder.APP_ID
    commands = "\n".join(manifest["modules"][-1]["build-commands"])
    app_id = manifest["id"]
    for source in re.findall(r"install -Dm644 \"?(\S+?)\"? ", commands):
        assert (ROOT / source.replace("${FLATPAK_ID}", app_id)).is_file() or source == "LICENSE", \
            f"the manifest installs {source}, which the repository lacks"
    files = [s for module in manifest["modules"] for s in module["sources"] if s["type"] == "file"]
    assert files and all(len(s["sha256"]) == 64 for s in files)
    wheels = {s["url"].rsplit("/", 1)[1].split("-")[0] for s in files}
    assert wheels == {"pygame_ce", "pyyaml", "platformdirs"}


def wine_program() -> str | None:
    found = shutil.which("wine64") or shutil.which("wine")
    return found or ("/usr/lib/wine/wine64" if Path("/usr/lib/wine/wine64").is_file() else None)


@pytest.mark.slow
@needs_makensis
@pytest.mark.skipif(not sys.platform.startswith("linux") or wine_program() is None,
                    reason="runs the installer under Wine (Debian: wine64)")
def test_installer_under_wine_installs_for_the_user_and_uninstalls_only_its_files(
        tmp_path: Path) -> None:
    # Windows runs the real installer in the release workflow; here Wine runs the same script,
    # built for x64 since Debian's Wine runs 64-bit programs only.
    source = installer.make_stand_in(tmp_path / "Craits")
    setup = tmp_path / "setup.exe"
    compiled = subprocess.run(
        [installer.find_makensis(), "-V1", "-NOCD", "-XTarget amd64-unicode",
         f"-DVERSION={VERSION}", f"-DSOURCE={source}", f"-DOUTFILE={setup}",
         str(PACKAGING / "windows" / "craits.nsi")], capture_output=True, text=True, check=False)
    if compiled.returncode != 0:
        pytest.skip(f"this NSIS has no amd64 stubs: {compiled.stdout[-200:]}")
    wine = wine_program()
    assert wine is not None
    env = dict(os.environ, WINEPREFIX=str(tmp_path / "prefix"), WINEDEBUG="-all",
               WINEDLLOVERRIDES="mscoree,mshtml=", DISPLAY="")
    server = str(Path(wine).with_name("wineserver"))

    def windows(*args: str) -> subprocess.CompletedProcess[str]:
        result = subprocess.run([wine, *args], env=env, capture_output=True, text=True,
                                timeout=180, check=False)
        subprocess.run([server, "-w"], env=env, timeout=180, check=False)
        return result

    windows("wineboot", "--init")
    user = next((tmp_path / "prefix" / "drive_c" / "users").glob("[!P]*"))
    games = user / "Games"
    games.mkdir()
    (games / "notes.txt").write_text("the player's own file")
    assert windows(str(setup), "/S", f"/D=C:\\users\\{user.name}\\Games").returncode == 0

    assert sorted(p.name for p in games.iterdir()) == [
        "Craits.exe", "LICENSE.txt", "Uninstall.exe", "_internal", "notes.txt"]
    start_menu = user / "AppData/Roaming/Microsoft/Windows/Start Menu/Programs/Craits.lnk"
    assert start_menu.is_file()
    key = "HKCU\\Software\\Microsoft\\Windows\\CurrentVersion\\Uninstall\\Craits"
    entry = windows("reg", "query", key).stdout
    assert f"DisplayVersion    REG_SZ    {VERSION}" in entry
    assert f"C:\\users\\{user.name}\\Games\\Uninstall.exe" in entry

    windows(f"C:\\users\\{user.name}\\Games\\Uninstall.exe", "/S")
    # The uninstaller goes on from its copy in %TEMP%, which may start after wineserver
    # was asked to wait: wait for the copy's work too, as long as a slow machine needs.
    for _ in range(120):
        subprocess.run([server, "-w"], env=env, timeout=180, check=False)
        if [p.name for p in games.iterdir()] == ["notes.txt"]:
            break
        time.sleep(0.5)
    assert [p.name for p in games.iterdir()] == ["notes.txt"]
    assert not start_menu.exists()
    assert windows("reg", "query", key).returncode != 0
