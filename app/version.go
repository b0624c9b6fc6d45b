package app

// Version is the release this build was made from: the git tag (v0.2.0),
// set at link time with -ldflags "-X archivist/app.Version=…"; "dev" for a
// build made without it.
var Version = "dev"

// Commit is the git commit this build was made from, set at link time like
// Version; empty when unknown.
var Commit = ""

// VersionString is how the program names itself: "Archivist v0.2.0
// (commit 1a2b3c4d)", or "Archivist dev" for an untagged build.
func VersionString() string {
	s := "Archivist " + Version
	if Commit != "" {
		c := Commit
		if len(c) > 12 {
			c = c[:12]
		}
		s += " (commit " + c + ")"
	}
	return s
}
