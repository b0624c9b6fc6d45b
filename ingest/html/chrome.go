package html

import (
	"strings"

	"github.com/PuerkitoBio/goquery"
	xhtml "golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// skipTags never hold text a reader sees as the page's content: code and
// styling, embedded objects, form controls, navigation and sidebars.
// <header> and <footer> are decided in skipped: they are page chrome only
// outside an article or main.
var skipTags = map[atom.Atom]bool{
	atom.Head: true, atom.Title: true, atom.Script: true, atom.Style: true, atom.Noscript: true,
	atom.Template: true, atom.Nav: true, atom.Aside: true, atom.Form: true, atom.Button: true,
	atom.Select: true, atom.Textarea: true, atom.Input: true, atom.Iframe: true, atom.Object: true,
	atom.Embed: true, atom.Applet: true, atom.Audio: true, atom.Video: true, atom.Canvas: true,
	atom.Svg: true, atom.Map: true, atom.Dialog: true, atom.Menu: true, atom.Rp: true,
	atom.Noembed: true, atom.Noframes: true, atom.Frameset: true, atom.Datalist: true,
	atom.Annotation: true, atom.AnnotationXml: true, atom.Link: true, atom.Meta: true,
}

// chromeRoles are ARIA landmark roles of navigation and page chrome.
var chromeRoles = map[string]bool{
	"navigation": true, "banner": true, "contentinfo": true, "complementary": true,
	"search": true, "menu": true, "menubar": true, "toolbar": true, "dialog": true, "alertdialog": true,
}

// chromeClasses are class names of page furniture common enough to name:
// MediaWiki's "[edit]" links and Sphinx's "¶" links beside every heading,
// and the "skip to
// content" links of many sites.
var chromeClasses = map[string]bool{
	"mw-editsection": true, "headerlink": true, "skip-link": true, "skiplink": true, "skip-to-content": true,
}

// skipped reports whether element n and everything in it is left out of
// the text.
func skipped(n *xhtml.Node) bool {
	if skipTags[n.DataAtom] {
		return true
	}
	if n.DataAtom == 0 && (n.Namespace == "svg" || strings.EqualFold(n.Data, "annotation-xml")) {
		return true
	}
	if (n.DataAtom == atom.Header || n.DataAtom == atom.Footer) && !inContent(n) {
		return true
	}
	for _, a := range n.Attr {
		if a.Namespace != "" {
			continue
		}
		switch a.Key {
		case "hidden":
			return true
		case "aria-hidden":
			if strings.EqualFold(strings.TrimSpace(a.Val), "true") {
				return true
			}
		case "role":
			if chromeRoles[strings.ToLower(strings.TrimSpace(a.Val))] {
				return true
			}
		case "style":
			if hiddenStyle(a.Val) {
				return true
			}
		case "class":
			for _, c := range strings.Fields(a.Val) {
				if chromeClasses[c] {
					return true
				}
			}
		}
	}
	return false
}

// hiddenStyle reports whether an inline style hides its element:
// display:none or visibility:hidden (or collapse).
func hiddenStyle(style string) bool {
	for _, decl := range strings.Split(style, ";") {
		prop, val, ok := strings.Cut(decl, ":")
		if !ok {
			continue
		}
		prop = strings.ToLower(strings.TrimSpace(prop))
		val = strings.ToLower(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(val), "!important")))
		if prop == "display" && val == "none" || prop == "visibility" && (val == "hidden" || val == "collapse") {
			return true
		}
	}
	return false
}

// inContent reports whether n is inside an <article> or <main>: a header
// or footer there belongs to the article (its title, its byline), not to
// the page.
func inContent(n *xhtml.Node) bool {
	for a := n.Parent; a != nil; a = a.Parent {
		if a.Type == xhtml.ElementNode && (a.DataAtom == atom.Article || a.DataAtom == atom.Main || attr(a, "role") == "main") {
			return true
		}
	}
	return false
}

func attr(n *xhtml.Node, key string) string {
	for _, a := range n.Attr {
		if a.Namespace == "" && a.Key == key {
			return a.Val
		}
	}
	return ""
}

// minContentShare is the least part of the page's visible text an
// <article> or <main> must hold to be taken as the content. Below it the
// element is a teaser or a widget and the whole body is read instead:
// keeping some boilerplate is better than losing the content.
const minContentShare = 0.25

// contentRoots returns the elements whose text is the page's content, in
// document order: the outermost <article> elements when there are any,
// else the <main> element (or role="main"), else the body — each only
// when it holds enough of the page's text.
func contentRoots(doc *goquery.Document) []*xhtml.Node {
	var body *xhtml.Node
	if b := doc.Find("body").Nodes; len(b) > 0 {
		body = b[0]
	} else if len(doc.Nodes) > 0 {
		body = doc.Nodes[0]
	}
	if body == nil {
		return nil
	}
	total := textLen(body)
	if total == 0 {
		return []*xhtml.Node{body}
	}
	enough := func(ns []*xhtml.Node) bool {
		n := 0
		for _, x := range ns {
			n += textLen(x)
		}
		return float64(n) >= minContentShare*float64(total)
	}
	if arts := outermost(visible(doc.Find("article").Nodes)); len(arts) > 0 && enough(arts) {
		return arts
	}
	if mains := outermost(visible(doc.Find("main, [role=main]").Nodes)); len(mains) > 0 && enough(mains) {
		return mains
	}
	return []*xhtml.Node{body}
}

// visible keeps the nodes of ns that are not inside skipped elements.
func visible(ns []*xhtml.Node) []*xhtml.Node {
	var out []*xhtml.Node
next:
	for _, n := range ns {
		for a := n; a != nil; a = a.Parent {
			if a.Type == xhtml.ElementNode && skipped(a) {
				continue next
			}
		}
		out = append(out, n)
	}
	return out
}

// outermost drops the nodes of ns (in document order) that are inside
// another node of ns.
func outermost(ns []*xhtml.Node) []*xhtml.Node {
	in := make(map[*xhtml.Node]bool, len(ns))
	for _, n := range ns {
		in[n] = true
	}
	var out []*xhtml.Node
next:
	for _, n := range ns {
		for a := n.Parent; a != nil; a = a.Parent {
			if in[a] {
				continue next
			}
		}
		out = append(out, n)
	}
	return out
}

// textLen returns the length in bytes of the visible text under n, white
// space not counted.
func textLen(n *xhtml.Node) int {
	total := 0
	var walk func(*xhtml.Node)
	walk = func(n *xhtml.Node) {
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			switch c.Type {
			case xhtml.TextNode:
				total += len(c.Data) - countSpace(c.Data)
			case xhtml.ElementNode:
				if !skipped(c) {
					walk(c)
				}
			}
		}
	}
	walk(n)
	return total
}

func countSpace(s string) int {
	n := 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case ' ', '\t', '\n', '\r', '\f':
			n++
		}
	}
	return n
}
