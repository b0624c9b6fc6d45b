package filing

import (
	"slices"
	"strings"

	"archivist/app"
	"archivist/store"
)

// Node is a folder with what filing knows of it: its sub-folders, the
// documents filed directly in it, and its path as shown ("Finance ›
// Annual reports"). The root is the top level: no folder, path "".
type Node struct {
	app.Folder
	Children []*Node
	Docs     []store.FiledDocument
	Path     string
}

// BuildTree links folders under a root (the top level) and hangs each
// document on its folder (a document in no folder on the root), except the
// documents named in except: the one being filed is judged as if it were
// not filed anywhere.
func BuildTree(folders []app.Folder, docs []store.FiledDocument, except ...string) *Node {
	root := &Node{}
	byID := map[string]*Node{"": root}
	for _, f := range folders {
		byID[f.ID] = &Node{Folder: f}
	}
	for _, f := range folders {
		parent := byID[f.ParentID]
		if parent == nil {
			parent = root
		}
		parent.Children = append(parent.Children, byID[f.ID])
	}
	var walk func(n *Node, prefix string)
	walk = func(n *Node, prefix string) {
		for _, c := range n.Children {
			c.Path = c.Name
			if prefix != "" {
				c.Path = prefix + " › " + c.Name
			}
			walk(c, c.Path)
		}
	}
	walk(root, "")
	skip := map[string]bool{}
	for _, id := range except {
		skip[id] = true
	}
	for _, d := range docs {
		if n := byID[d.FolderID]; n != nil && !skip[d.ID] {
			n.Docs = append(n.Docs, d)
		}
	}
	return root
}

// Describe is a folder as a menu option: its name and its sub-folders'
// names, then the titles and headings of documents in it and below it
// (breadth first), within FolderChars.
func (n *Node) Describe() (string, []app.ChoicePart) {
	parts := []app.ChoicePart{{Role: app.ChoiceTitle, Text: n.Name}}
	var subs []string
	for _, c := range n.Children {
		subs = append(subs, c.Name)
	}
	if len(subs) > 0 {
		parts = append(parts, app.ChoicePart{Role: app.ChoiceHeading, Text: strings.Join(subs, "; ")})
	}
	used := len(n.Name)
	queue := []*Node{n}
	count := 0
	for len(queue) > 0 && count < FolderDocuments && used < FolderChars {
		cur := queue[0]
		queue = append(queue[1:], cur.Children...)
		for _, d := range cur.Docs {
			if count == FolderDocuments || used >= FolderChars {
				break
			}
			text := d.Title
			if len(d.Headings) > 0 {
				text += ": " + strings.Join(d.Headings, "; ")
			}
			text = clip(text, FolderChars-used)
			used += len(text)
			count++
			parts = append(parts, app.ChoicePart{Role: app.ChoiceHeading, Text: text})
		}
	}
	var b strings.Builder
	b.WriteString("Folder " + n.Name)
	for _, p := range parts[1:] {
		b.WriteString("\n" + p.Text)
	}
	return b.String(), parts
}

// Moved is docs with the documents in moved filed where it maps them ("" for
// no folder); docs itself is left as it is.
func Moved(docs []store.FiledDocument, moved map[string]string) []store.FiledDocument {
	if len(moved) == 0 {
		return docs
	}
	out := slices.Clone(docs)
	for i, d := range out {
		if f, ok := moved[d.ID]; ok {
			out[i].FolderID = f
		}
	}
	return out
}
