; The Windows installer of Craits (NSIS 3.08 or newer): per user, no administrator rights.
;
; packaging/windows/build_installer.py runs it; by hand:
;   makensis /DVERSION=0.1.0 /DFILE_VERSION=0.1.0.0 /DSOURCE=dist\Craits ^
;            /DOUTFILE=Craits-0.1.0-windows-x64-setup.exe packaging\windows\craits.nsi
; SOURCE is PyInstaller's one-folder build (Craits.exe, _internal\ with LICENSE). With
; /DSIGN="command %1" the installer and its uninstaller are signed as makensis writes them.
;
; It installs into %LOCALAPPDATA%\Programs\Craits (the per-user place for programs), adds
; Craits to the Start menu and to Settings > Apps (and Programs and Features) for this user.
; The player's saves and settings live elsewhere (%LOCALAPPDATA%\Craits): uninstalling keeps
; them. No file association: the game opens records from its own menus, not from a path given
; on its command line.

Unicode true
ManifestDPIAware true
RequestExecutionLevel user
SetCompressor /SOLID lzma

!ifndef VERSION | SOURCE | OUTFILE
  !error "define VERSION, SOURCE and OUTFILE (see the top of this file)"
!endif
!ifndef FILE_VERSION
  !define FILE_VERSION "${VERSION}.0"
!endif

!define APP "Craits"
!define PUBLISHER "The Craits authors"
!define UNINSTALL_KEY "Software\Microsoft\Windows\CurrentVersion\Uninstall\${APP}"
!define ICON "${__FILEDIR__}\..\..\assets\icon\craits.ico"

!ifdef SIGN
  !finalize `${SIGN}` = 0
  !uninstfinalize `${SIGN}` = 0
!endif

!include MUI2.nsh
!include LogicLib.nsh
!include x64.nsh
!include FileFunc.nsh

Name "${APP}"
OutFile "${OUTFILE}"
InstallDir "$LOCALAPPDATA\Programs\${APP}"
InstallDirRegKey HKCU "${UNINSTALL_KEY}" "InstallLocation"
BrandingText "${APP} ${VERSION}"

VIProductVersion "${FILE_VERSION}"
VIAddVersionKey /LANG=0 "ProductName" "${APP}"
VIAddVersionKey /LANG=0 "ProductVersion" "${VERSION}"
VIAddVersionKey /LANG=0 "FileVersion" "${VERSION}"
VIAddVersionKey /LANG=0 "FileDescription" "${APP} ${VERSION} setup"
VIAddVersionKey /LANG=0 "CompanyName" "${PUBLISHER}"
VIAddVersionKey /LANG=0 "LegalCopyright" "MIT licence"

!define MUI_ICON "${ICON}"
!define MUI_UNICON "${ICON}"
!define MUI_ABORTWARNING
!define MUI_FINISHPAGE_RUN "$INSTDIR\Craits.exe"
; The finish page's second box: a desktop shortcut, for whoever wants one.
!define MUI_FINISHPAGE_SHOWREADME
!define MUI_FINISHPAGE_SHOWREADME_TEXT "$(DesktopShortcut)"
!define MUI_FINISHPAGE_SHOWREADME_NOTCHECKED
!define MUI_FINISHPAGE_SHOWREADME_FUNCTION CreateDesktopShortcut

!insertmacro MUI_PAGE_DIRECTORY
!insertmacro MUI_PAGE_INSTFILES
!insertmacro MUI_PAGE_FINISH
!insertmacro MUI_UNPAGE_CONFIRM
!insertmacro MUI_UNPAGE_INSTFILES

; The game's own languages that NSIS has (Tagalog players get English); Windows' display
; language picks one.
!insertmacro MUI_LANGUAGE "English"
!insertmacro MUI_LANGUAGE "Spanish"
!insertmacro MUI_LANGUAGE "Afrikaans"
!insertmacro MUI_LANGUAGE "Czech"
!insertmacro MUI_LANGUAGE "Estonian"

LangString DesktopShortcut ${LANG_ENGLISH} "Create a desktop shortcut"
LangString DesktopShortcut ${LANG_SPANISH} "Crear un acceso directo en el escritorio"
LangString DesktopShortcut ${LANG_AFRIKAANS} "Skep 'n kortpad op die lessenaar"
LangString DesktopShortcut ${LANG_CZECH} "Vytvořit zástupce na ploše"
LangString DesktopShortcut ${LANG_ESTONIAN} "Loo töölauale otsetee"
LangString Needs64Bit ${LANG_ENGLISH} "${APP} needs 64-bit Windows."
LangString Needs64Bit ${LANG_SPANISH} "${APP} necesita Windows de 64 bits."
LangString Needs64Bit ${LANG_AFRIKAANS} "${APP} het 64-bis-Windows nodig."
LangString Needs64Bit ${LANG_CZECH} "${APP} vyžaduje 64bitová Windows."
LangString Needs64Bit ${LANG_ESTONIAN} "${APP} vajab 64-bitist Windowsit."

Function .onInit
  ${IfNot} ${RunningX64}
    MessageBox MB_OK|MB_ICONSTOP "$(Needs64Bit)" /SD IDOK
    Abort
  ${EndIf}
FunctionEnd

Section "Craits" SecGame
  SectionIn RO
  ; An update replaces the previous version's files; nothing else in the folder is touched.
  RMDir /r "$INSTDIR\_internal"
  SetOutPath "$INSTDIR"
  File /r "${SOURCE}\*"
  File "/oname=LICENSE.txt" "${SOURCE}\_internal\LICENSE"
  WriteUninstaller "$INSTDIR\Uninstall.exe"

  CreateShortCut "$SMPROGRAMS\${APP}.lnk" "$INSTDIR\Craits.exe" "" "$INSTDIR\Craits.exe" 0

  WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayName" "${APP}"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayVersion" "${VERSION}"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "Publisher" "${PUBLISHER}"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayIcon" "$INSTDIR\Craits.exe,0"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "InstallLocation" "$INSTDIR"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "UninstallString" '"$INSTDIR\Uninstall.exe"'
  WriteRegStr HKCU "${UNINSTALL_KEY}" "QuietUninstallString" '"$INSTDIR\Uninstall.exe" /S'
  WriteRegDWORD HKCU "${UNINSTALL_KEY}" "NoModify" 1
  WriteRegDWORD HKCU "${UNINSTALL_KEY}" "NoRepair" 1
  ${GetSize} "$INSTDIR" "/S=0K" $0 $1 $2
  WriteRegDWORD HKCU "${UNINSTALL_KEY}" "EstimatedSize" $0
SectionEnd

Function CreateDesktopShortcut
  CreateShortCut "$DESKTOP\${APP}.lnk" "$INSTDIR\Craits.exe" "" "$INSTDIR\Craits.exe" 0
FunctionEnd

Section "Uninstall"
  Delete "$SMPROGRAMS\${APP}.lnk"
  Delete "$DESKTOP\${APP}.lnk"
  ; Only what the installer put there: a folder the player chose may hold other files.
  RMDir /r "$INSTDIR\_internal"
  Delete "$INSTDIR\Craits.exe"
  Delete "$INSTDIR\LICENSE.txt"
  Delete "$INSTDIR\Uninstall.exe"
  RMDir "$INSTDIR"
  DeleteRegKey HKCU "${UNINSTALL_KEY}"
SectionEnd
