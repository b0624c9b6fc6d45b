//go:build !unix

package api

import "os"

const openFlags = os.O_RDONLY
