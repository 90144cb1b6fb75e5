// Package version says which Silverfall a program is: the release tag, or
// between tags the commit it was built from.
package version

import (
	"runtime/debug"
)

// tag is set by the release build:
// -ldflags "-X silverfall/internal/version.tag=v1.2.0".
var tag string

// String is the version: the tag set at build time; else the commit from
// the build's version-control information (with "+changes" when the tree
// had uncommitted changes); else "dev".
func String() string {
	if tag != "" {
		return tag
	}
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "dev"
	}
	rev, dirty := "", false
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			dirty = s.Value == "true"
		}
	}
	if rev == "" {
		return "dev"
	}
	if len(rev) > 12 {
		rev = rev[:12]
	}
	if dirty {
		rev += "+changes"
	}
	return rev
}
