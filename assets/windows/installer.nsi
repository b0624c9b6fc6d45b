; The Windows installer (NSIS 3), built by `make windows`:
;   makensis -DVERSION=v0.2.0 -DWIN_VERSION=0.2.0.0 -DBINDIR=… -DICON=… -DOUTFILE=… installer.nsi
; It installs for the current user only, so it never asks for an administrator:
; the two programs go to %LocalAppData%\Programs\Archivist, a shortcut to the
; window to the user's Start menu, and the uninstaller is registered under
; HKCU so Windows lists it with the installed apps. /S installs or uninstalls
; silently. The library (%AppData%\Archivist) is the user's and is never
; touched: uninstalling removes the program only.

; A 64-bit installer, like the program it installs (Windows on x64 and ARM64).
Target amd64-unicode
SetCompressor /SOLID lzma
RequestExecutionLevel user
ManifestDPIAware true

!define APP "Archivist"
!define UNINSTALL_KEY "Software\Microsoft\Windows\CurrentVersion\Uninstall\${APP}"

Name "${APP}"
OutFile "${OUTFILE}"
InstallDir "$LOCALAPPDATA\Programs\${APP}"
; A second install goes where the first one went.
InstallDirRegKey HKCU "${UNINSTALL_KEY}" "InstallLocation"

VIProductVersion "${WIN_VERSION}"
VIFileVersion "${WIN_VERSION}"
VIAddVersionKey /LANG=1033 "ProductName" "${APP}"
VIAddVersionKey /LANG=1033 "ProductVersion" "${VERSION}"
VIAddVersionKey /LANG=1033 "FileVersion" "${VERSION}"
VIAddVersionKey /LANG=1033 "FileDescription" "${APP} installer"
VIAddVersionKey /LANG=1033 "CompanyName" "${APP}"
VIAddVersionKey /LANG=1033 "LegalCopyright" "The ${APP} developers"

!include "MUI2.nsh"
!define MUI_ICON "${ICON}"
!define MUI_UNICON "${ICON}"
!define MUI_ABORTWARNING
!define MUI_FINISHPAGE_RUN "$INSTDIR\Archivist.exe"
!define MUI_FINISHPAGE_RUN_TEXT "Start ${APP}"

!insertmacro MUI_PAGE_WELCOME
!insertmacro MUI_PAGE_DIRECTORY
!insertmacro MUI_PAGE_INSTFILES
!insertmacro MUI_PAGE_FINISH
!insertmacro MUI_UNPAGE_CONFIRM
!insertmacro MUI_UNPAGE_INSTFILES
!insertmacro MUI_LANGUAGE "English"

Section "Archivist"
	SetShellVarContext current
	SetOutPath "$INSTDIR"
	File "${BINDIR}\Archivist.exe"
	File "${BINDIR}\archivist-cli.exe"
	WriteUninstaller "$INSTDIR\Uninstall.exe"
	CreateShortcut "$SMPROGRAMS\${APP}.lnk" "$INSTDIR\Archivist.exe" "" "$INSTDIR\Archivist.exe" 0

	WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayName" "${APP}"
	WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayVersion" "${VERSION}"
	WriteRegStr HKCU "${UNINSTALL_KEY}" "Publisher" "The ${APP} developers"
	WriteRegStr HKCU "${UNINSTALL_KEY}" "URLInfoAbout" "https://archivist.app"
	WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayIcon" "$INSTDIR\Archivist.exe,0"
	WriteRegStr HKCU "${UNINSTALL_KEY}" "InstallLocation" "$INSTDIR"
	WriteRegStr HKCU "${UNINSTALL_KEY}" "UninstallString" '"$INSTDIR\Uninstall.exe"'
	WriteRegStr HKCU "${UNINSTALL_KEY}" "QuietUninstallString" '"$INSTDIR\Uninstall.exe" /S'
	WriteRegDWORD HKCU "${UNINSTALL_KEY}" "NoModify" 1
	WriteRegDWORD HKCU "${UNINSTALL_KEY}" "NoRepair" 1
	; EstimatedSize is in KiB: the two programs and the uninstaller.
	SectionGetSize 0 $0
	WriteRegDWORD HKCU "${UNINSTALL_KEY}" "EstimatedSize" $0
SectionEnd

Section "Uninstall"
	SetShellVarContext current
	Delete "$SMPROGRAMS\${APP}.lnk"
	Delete "$INSTDIR\Archivist.exe"
	Delete "$INSTDIR\archivist-cli.exe"
	Delete "$INSTDIR\Uninstall.exe"
	; Only an empty folder is removed: nothing the user put there is lost.
	RMDir "$INSTDIR"
	DeleteRegKey HKCU "${UNINSTALL_KEY}"
SectionEnd
