// Package locale stops the GUI toolkit from logging an error at start-up on
// machines whose locale is the bare "C" or "POSIX" (common on servers and in
// containers), which it cannot parse. Import it, for its side effect, before
// the toolkit: its init runs first because it depends on nothing but the
// standard library and its import path sorts before the toolkit's.
package locale

import (
	"os"
	"strings"
)

func init() {
	for _, name := range []string{"LC_ALL", "LC_MESSAGES", "LANG"} {
		v := os.Getenv(name)
		if v == "" {
			continue
		}
		base, _, _ := strings.Cut(v, ".")
		if base == "C" || base == "POSIX" {
			os.Setenv(name, "en_US.UTF-8")
		}
		return
	}
	os.Setenv("LANG", "en_US.UTF-8")
}
