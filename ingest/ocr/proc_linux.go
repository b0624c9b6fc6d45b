package ocr

import (
	"os/exec"
	"syscall"
)

// setProcessGroup asks Linux to kill tesseract if Archivist dies (a crash,
// SIGKILL), so no orphan reads on. It stays in Archivist's process group:
// a kill of the group reaches it too.
func setProcessGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
}
