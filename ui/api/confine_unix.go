//go:build unix

package api

import (
	"os"
	"syscall"
)

const openFlags = os.O_RDONLY | syscall.O_NONBLOCK
