package app

import (
	"fmt"
	"net"
	"os"
	"runtime"
	"strings"
)

// IsLoopbackHost reports whether host — a name or an address literal,
// without a port, brackets allowed — is this computer: the name localhost
// in any case, or a loopback address. Names are never resolved, and the
// rule is the strict one: "localhost." and "x.localhost" are other hosts,
// because a resolver may send them to DNS. The egress rule (which
// endpoints need the egress acknowledgement) and the local API's Host and
// listen-address checks all use it, so a name is this computer for all of
// them or for none.
func IsLoopbackHost(host string) bool {
	host = strings.TrimSuffix(strings.TrimPrefix(host, "["), "]")
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// ReadPrivateFile reads a file of secrets only its owner may read (a token,
// provider keys), first making it private again (0600) when other users
// can read or write it — a copy, a restore or a person may have loosened
// it. Windows has no such mode bits, and its files are left as they are.
func ReadPrivateFile(path string) ([]byte, error) {
	info, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if runtime.GOOS != "windows" && info.Mode().Perm()&0o077 != 0 {
		if err := os.Chmod(path, 0o600); err != nil {
			return nil, fmt.Errorf("make %s private: %w", info.Name(), err)
		}
	}
	return os.ReadFile(path)
}
