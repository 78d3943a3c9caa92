# Authenticode-sign one file with the release certificate (the release workflow's Windows job).
#
#   powershell -NoProfile -ExecutionPolicy Bypass -File packaging\windows\sign.ps1 FILE
#
# WINDOWS_CERTIFICATE_PATH is the code-signing certificate as a .pfx file (the workflow writes
# it from the WINDOWS_CERTIFICATE secret), WINDOWS_CERTIFICATE_PASSWORD its password. The
# signature is SHA-256 and timestamped, so it stays valid after the certificate expires.
# makensis calls this for the installer and its uninstaller (build_installer.py --sign).
param([Parameter(Mandatory = $true)][string]$File)
$ErrorActionPreference = 'Stop'

$certificate = $env:WINDOWS_CERTIFICATE_PATH
if (-not $certificate -or -not (Test-Path $certificate)) {
    throw "WINDOWS_CERTIFICATE_PATH does not name a .pfx file"
}
$kits = Join-Path ${env:ProgramFiles(x86)} 'Windows Kits\10\bin'
$signtool = Get-ChildItem -Path $kits -Recurse -Filter signtool.exe -ErrorAction SilentlyContinue |
    Where-Object { $_.DirectoryName -like '*\x64' } |
    Sort-Object FullName -Descending | Select-Object -First 1
if (-not $signtool) { throw "signtool.exe not found under $kits (Windows SDK)" }

& $signtool.FullName sign /f $certificate /p $env:WINDOWS_CERTIFICATE_PASSWORD /fd SHA256 `
    /tr http://timestamp.digicert.com /td SHA256 /d Craits $File
if ($LASTEXITCODE -ne 0) { throw "signtool could not sign $File (exit $LASTEXITCODE)" }
& $signtool.FullName verify /pa $File
if ($LASTEXITCODE -ne 0) { throw "the signature of $File does not verify (exit $LASTEXITCODE)" }
