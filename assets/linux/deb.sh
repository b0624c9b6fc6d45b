#!/bin/sh
# deb.sh BINARY VERSION DIST: packs the built desktop binary into
# DIST/archivist_<version>_amd64.deb with Debian's own dpkg-deb, beside the
# desktop entry, the icon in the hicolor sizes, the AppStream metainfo and the
# manual page kept next to this script. `make package` calls it.
#
# VERSION is the program's own (app.Version): v0.2.0, v0.2.0-3-g1a2b3c4d,
# either with -dirty, or dev. Debian versions start with a digit and sort
# differently, so it becomes 0.2.0, 0.2.0+3.g1a2b3c4d (after 0.2.0, before
# 0.2.1), 0.2.0+dirty; a pre-release tag v0.3.0-rc1 becomes 0.3.0~rc1 (before
# 0.3.0); dev becomes 0~dev.N.gHASH, N the commits so far, so a later dev build
# upgrades an earlier one and any release upgrades both.
set -eu
umask 022
bin=$1 version=$2 dist=$3
here=$(cd "$(dirname "$0")" && pwd)
assets=$(dirname "$here")
id=app.archivist.Archivist
maintainer=${DEB_MAINTAINER:-"Archivist developers <dev@archivist.app>"}

debian_version() {
	case $1 in
	v[0-9]*)
		echo "${1#v}" | sed -E 's/-([0-9]+)-g([0-9a-f]+)/+\1.g\2/; s/-dirty$/.dirty/; s/^([^+]*)\.dirty$/\1+dirty/; s/-/~/g'
		;;
	*)
		n=$(git -C "$assets" rev-list --count HEAD 2>/dev/null || echo 0)
		h=$(git -C "$assets" rev-parse --short=8 HEAD 2>/dev/null || true)
		d=$(git -C "$assets" diff --quiet HEAD 2>/dev/null || echo .dirty)
		echo "0~dev.$n${h:+.g$h}$d"
		;;
	esac
}
debver=$(debian_version "$version")
# Dates in the package are the commit's, so the same commit packs the same.
SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-$(git -C "$assets" log -1 --format=%ct 2>/dev/null || date +%s)}
export SOURCE_DATE_EPOCH

stage=$dist/deb-stage
root=$stage/root
rm -rf "$stage"
mkdir -p "$root/DEBIAN"

install -D -m 755 "$bin" "$root/usr/bin/archivist"
install -D -m 644 "$here/$id.desktop" "$root/usr/share/applications/$id.desktop"
install -D -m 644 "$here/$id.metainfo.xml" "$root/usr/share/metainfo/$id.metainfo.xml"
# The icon sizes are made from the one 512-pixel icon at build time, so the
# repository holds one picture; -strip keeps ImageMagick's dates out of them.
for size in 16 22 24 32 48 64 128 256 512; do
	dir=$root/usr/share/icons/hicolor/${size}x${size}/apps
	mkdir -p "$dir"
	convert "$assets/icon.png" -filter Lanczos -resize "${size}x${size}" -strip "PNG32:$dir/$id.png"
done
install -D -m 644 "$assets/icon.svg" "$root/usr/share/icons/hicolor/scalable/apps/$id.svg"
mkdir -p "$root/usr/share/man/man1"
gzip -9n <"$here/archivist.1" >"$root/usr/share/man/man1/archivist.1.gz"

doc=$root/usr/share/doc/archivist
mkdir -p "$doc"
install -m 644 "$here/copyright" "$doc/copyright"
install -D -m 644 "$here/lintian-overrides" "$root/usr/share/lintian/overrides/archivist"
date=$(date -u -R -d "@$SOURCE_DATE_EPOCH")
commit=$(git -C "$assets" rev-parse --short=12 HEAD 2>/dev/null || echo unknown)
printf 'archivist (%s) unstable; urgency=medium\n\n  * Built from %s (commit %s).\n\n -- %s  %s\n' \
	"$debver" "$version" "$commit" "$maintainer" "$date" | gzip -9n >"$doc/changelog.gz"

# The libraries the cgo binary links (OpenGL, X11, libc) become Depends, read
# from the binary by dpkg-shlibdeps as Debian's own packages do.
mkdir -p "$stage/debian"
printf 'Source: archivist\n\nPackage: archivist\nArchitecture: amd64\n' >"$stage/debian/control"
depends=$(cd "$stage" && dpkg-shlibdeps -O -e root/usr/bin/archivist 2>/dev/null | sed -n 's/^shlibs:Depends=//p')
[ -n "$depends" ] || { echo "deb.sh: dpkg-shlibdeps found no libraries in $bin" >&2; exit 1; }

size=$(du -sk --apparent-size "$root/usr" | cut -f1)
cat >"$root/DEBIAN/control" <<CONTROL
Package: archivist
Version: $debver
Architecture: amd64
Maintainer: $maintainer
Installed-Size: $size
Depends: $depends
Recommends: tesseract-ocr, xdg-utils
Section: utils
Priority: optional
Homepage: https://archivist.app
Description: local-first archive assistant with cited answers
 Archivist reads documents (PDF, DOCX, HTML, Markdown, text, scans and
 images) on this computer into a library of its own, and answers questions
 about them: every claim of an answer quotes its source, and a citation
 opens the quoted lines highlighted on their page.
 .
 It works offline with nothing configured (SQLite full-text search and an
 extractive answerer); a language model is used only when one is
 configured. The same program is a command line, a local HTTP API and an
 MCP server. Tesseract, when installed, reads scans and images.
CONTROL
(cd "$root" && find usr -type f | LC_ALL=C sort | xargs md5sum) >"$root/DEBIAN/md5sums"
chmod 644 "$root/DEBIAN/control" "$root/DEBIAN/md5sums"

out=$dist/archivist_${debver}_amd64.deb
dpkg-deb --root-owner-group -Zxz --build "$root" "$out" >/dev/null
rm -rf "$stage"
echo "$out"
