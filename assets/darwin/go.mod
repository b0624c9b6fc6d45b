// The files under this folder are added to a copy of the Fyne toolkit by
// `make darwin`; this go.mod keeps them out of Archivist's own packages.
module archivist-build-darwin

go 1.26.8
