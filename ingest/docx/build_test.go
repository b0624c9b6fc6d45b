package docx

import (
	"archive/zip"
	"bytes"
	"sort"
	"strings"
	"testing"
)

// Namespace declarations for the parts the tests write.
const (
	nsW  = `xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"`
	nsMC = `xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006"`
	nsR  = `xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"`
	nsWP = `xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing"` +
		` xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"` +
		` xmlns:wps="http://schemas.microsoft.com/office/word/2010/wordprocessingShape"` +
		` xmlns:v="urn:schemas-microsoft-com:vml"`
)

// document wraps body XML in a w:document part.
func document(body string) string {
	return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>` + "\n" +
		`<w:document ` + nsW + ` ` + nsMC + ` ` + nsR + ` ` + nsWP + ` mc:Ignorable="w14"><w:body>` +
		body + `<w:sectPr><w:pgSz w:w="12240" w:h="15840"/></w:sectPr></w:body></w:document>`
}

// para returns a paragraph of style (none when "") with runs of text.
func para(style string, runs ...string) string {
	var b strings.Builder
	b.WriteString("<w:p>")
	if style != "" {
		b.WriteString(`<w:pPr><w:pStyle w:val="` + style + `"/></w:pPr>`)
	}
	for _, r := range runs {
		b.WriteString(`<w:r><w:t xml:space="preserve">` + r + `</w:t></w:r>`)
	}
	b.WriteString("</w:p>")
	return b.String()
}

const rootRels = `<?xml version="1.0" encoding="UTF-8"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">
<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>
<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/>
</Relationships>`

const docRels = `<?xml version="1.0" encoding="UTF-8"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">
<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/>
<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/footnotes" Target="footnotes.xml"/>
<Relationship Id="rId3" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/hyperlink" Target="https://example.com/" TargetMode="External"/>
</Relationships>`

// zipOf returns a zip archive of parts (name → content), deflated, with
// the package relationships a DOCX has unless parts has its own.
func zipOf(tb testing.TB, parts map[string]string) []byte {
	tb.Helper()
	all := map[string]string{
		"[Content_Types].xml":          `<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>`,
		"_rels/.rels":                  rootRels,
		"word/_rels/document.xml.rels": docRels,
	}
	for k, v := range parts {
		all[k] = v
	}
	names := make([]string, 0, len(all))
	for k := range all {
		names = append(names, k)
	}
	sort.Strings(names)
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, name := range names {
		w, err := zw.Create(name)
		if err != nil {
			tb.Fatal(err)
		}
		if _, err := w.Write([]byte(all[name])); err != nil {
			tb.Fatal(err)
		}
	}
	if err := zw.Close(); err != nil {
		tb.Fatal(err)
	}
	return buf.Bytes()
}

// stylesXML has the built-in heading, title, list, caption and quote
// styles, and custom ones: "Report Section" based on Heading 2, "Annex"
// with an outline level of its own, and "Plain Head" based on Heading 1
// but set to body text.
const stylesXML = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:styles ` + nsW + `>
<w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/></w:style>
<w:style w:type="paragraph" w:styleId="Titel"><w:name w:val="Title"/><w:basedOn w:val="Normal"/></w:style>
<w:style w:type="paragraph" w:styleId="berschrift1"><w:name w:val="heading 1"/><w:basedOn w:val="Normal"/><w:pPr><w:outlineLvl w:val="0"/></w:pPr></w:style>
<w:style w:type="paragraph" w:styleId="berschrift2"><w:name w:val="heading 2"/><w:basedOn w:val="Normal"/></w:style>
<w:style w:type="paragraph" w:styleId="ReportSection"><w:name w:val="Report Section"/><w:basedOn w:val="berschrift2"/><w:rPr><w:b/></w:rPr></w:style>
<w:style w:type="paragraph" w:styleId="Annex"><w:name w:val="Annex"/><w:basedOn w:val="Normal"/><w:pPr><w:outlineLvl w:val="0"/></w:pPr></w:style>
<w:style w:type="paragraph" w:styleId="PlainHead"><w:name w:val="Plain Head"/><w:basedOn w:val="berschrift1"/><w:pPr><w:outlineLvl w:val="9"/></w:pPr></w:style>
<w:style w:type="paragraph" w:styleId="ListBullet"><w:name w:val="List Bullet"/><w:basedOn w:val="Normal"/><w:pPr><w:numPr><w:numId w:val="3"/></w:numPr></w:pPr></w:style>
<w:style w:type="paragraph" w:styleId="Beschriftung"><w:name w:val="caption"/><w:basedOn w:val="Normal"/></w:style>
<w:style w:type="paragraph" w:styleId="Zitat"><w:name w:val="Quote"/><w:basedOn w:val="Normal"/></w:style>
<w:style w:type="paragraph" w:styleId="Loop1"><w:name w:val="Loop 1"/><w:basedOn w:val="Loop2"/></w:style>
<w:style w:type="paragraph" w:styleId="Loop2"><w:name w:val="Loop 2"/><w:basedOn w:val="Loop1"/></w:style>
<w:style w:type="character" w:styleId="Hyperlink"><w:name w:val="Hyperlink"/></w:style>
</w:styles>`

const footnotesXML = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:footnotes ` + nsW + `>
<w:footnote w:type="separator" w:id="-1"><w:p><w:r><w:separator/></w:r></w:p></w:footnote>
<w:footnote w:type="continuationSeparator" w:id="0"><w:p><w:r><w:continuationSeparator/></w:r></w:p></w:footnote>
<w:footnote w:id="2"><w:p><w:pPr><w:pStyle w:val="berschrift1"/></w:pPr><w:r><w:footnoteRef/></w:r><w:r><w:t xml:space="preserve"> Second note, cited first.</w:t></w:r></w:p></w:footnote>
<w:footnote w:id="1"><w:p><w:r><w:footnoteRef/></w:r><w:r><w:t xml:space="preserve"> First note.</w:t></w:r></w:p></w:footnote>
<w:footnote w:id="7"><w:p><w:r><w:t>A note nothing cites.</w:t></w:r></w:p></w:footnote>
</w:footnotes>`

const coreXML = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/">
<dc:title>  The   Core Title </dc:title><dc:creator>Someone</dc:creator>
</cp:coreProperties>`

// textBox is a run holding a text box the way Word writes one: DrawingML
// in the choice, the same text again as VML in the fallback.
func textBox(text string) string {
	content := `<w:txbxContent><w:p><w:r><w:t>` + text + `</w:t></w:r></w:p></w:txbxContent>`
	return `<w:r><mc:AlternateContent><mc:Choice Requires="wps"><w:drawing><wp:anchor><a:graphic><a:graphicData>` +
		`<wps:wsp><wps:txbx>` + content + `</wps:txbx></wps:wsp></a:graphicData></a:graphic></wp:anchor></w:drawing></mc:Choice>` +
		`<mc:Fallback><w:pict><v:shape><v:textbox>` + content + `</v:textbox></v:shape></w:pict></mc:Fallback></mc:AlternateContent></w:r>`
}

// featuresBody is a document body using every feature the parser reads.
var featuresBody = strings.Join([]string{
	para("Titel", "Annual Report"),
	para("", "Opening text before any heading."),
	para("berschrift1", "Introduction"),
	// Hyperlink, tab, line break, footnote references, a field whose
	// code is not text, hidden text, a tracked deletion and insertion.
	`<w:p><w:r><w:t xml:space="preserve">See </w:t></w:r>` +
		`<w:hyperlink r:id="rId3"><w:r><w:rPr><w:rStyle w:val="Hyperlink"/></w:rPr><w:t>the site</w:t></w:r></w:hyperlink>` +
		`<w:r><w:tab/><w:t>now</w:t><w:footnoteReference w:id="2"/></w:r>` +
		`<w:r><w:br/><w:t xml:space="preserve">Second   line</w:t></w:r>` +
		`<w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText xml:space="preserve"> PAGE </w:instrText></w:r>` +
		`<w:r><w:fldChar w:fldCharType="separate"/></w:r><w:r><w:t xml:space="preserve"> page 4</w:t></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r>` +
		`<w:r><w:rPr><w:vanish/></w:rPr><w:t>HIDDEN</w:t></w:r>` +
		`<w:del w:id="9"><w:r><w:delText>DELETED</w:delText></w:r></w:del>` +
		`<w:ins w:id="10"><w:r><w:t xml:space="preserve">, inserted</w:t></w:r></w:ins>` +
		`<w:r><w:t>.</w:t><w:footnoteReference w:id="1"/></w:r></w:p>`,
	para("ReportSection", "Custom section"),
	`<w:p><w:pPr><w:outlineLvl w:val="2"/></w:pPr><w:r><w:t>Outlined paragraph</w:t></w:r></w:p>`,
	para("PlainHead", "Looks like a heading, is body text"),
	`<w:p><w:pPr><w:numPr><w:ilvl w:val="0"/><w:numId w:val="1"/></w:numPr></w:pPr><w:r><w:t>First item</w:t></w:r></w:p>`,
	`<w:p><w:pPr><w:numPr><w:ilvl w:val="1"/><w:numId w:val="1"/></w:numPr></w:pPr><w:r><w:t>Nested item</w:t></w:r></w:p>`,
	para("ListBullet", "Bullet by style"),
	`<w:p><w:pPr><w:pStyle w:val="ListBullet"/><w:numPr><w:numId w:val="0"/></w:numPr></w:pPr><w:r><w:t>Numbering removed</w:t></w:r></w:p>`,
	para("Beschriftung", "Table 1: Merged cells"),
	// A 4-column grid: a header spanning two columns, a cell merged down
	// two rows, a row starting one grid column in.
	`<w:tbl><w:tblPr><w:tblStyle w:val="TableGrid"/></w:tblPr><w:tblGrid><w:gridCol/><w:gridCol/><w:gridCol/><w:gridCol/></w:tblGrid>` +
		`<w:tr><w:tc><w:p><w:r><w:t>Name</w:t></w:r></w:p></w:tc><w:tc><w:tcPr><w:gridSpan w:val="2"/></w:tcPr><w:p><w:r><w:t>Scores</w:t></w:r></w:p></w:tc><w:tc><w:p><w:r><w:t>Note</w:t></w:r></w:p></w:tc></w:tr>` +
		`<w:tr><w:tc><w:tcPr><w:vMerge w:val="restart"/></w:tcPr><w:p><w:r><w:t>Ann</w:t></w:r></w:p></w:tc><w:tc><w:p><w:r><w:t>1</w:t></w:r></w:p></w:tc><w:tc><w:p><w:r><w:t>2</w:t></w:r></w:p></w:tc><w:tc><w:p><w:r><w:t>two</w:t></w:r></w:p><w:p><w:r><w:t>paragraphs</w:t></w:r></w:p></w:tc></w:tr>` +
		`<w:tr><w:tc><w:tcPr><w:vMerge/></w:tcPr><w:p/></w:tc><w:tc><w:p><w:r><w:t>3</w:t></w:r></w:p></w:tc><w:tc><w:p><w:r><w:t>4</w:t></w:r></w:p></w:tc><w:tc><w:p/></w:tc></w:tr>` +
		`<w:tr><w:trPr><w:gridBefore w:val="1"/></w:trPr><w:tc><w:tcPr><w:gridSpan w:val="3"/></w:tcPr><w:p><w:r><w:t>Total 10</w:t></w:r></w:p></w:tc></w:tr>` +
		`</w:tbl>`,
	`<w:p><w:r><w:t xml:space="preserve">Anchor paragraph </w:t></w:r>` + textBox("Boxed text") + `</w:p>`,
	para("Zitat", "A quotation."),
	para("Annex", "Annex A"),
	para("berschrift2", "Annex detail"),
	para("Loop1", "Style loop is a paragraph"),
	`<w:sdt><w:sdtPr/><w:sdtContent>` + para("", "Inside a content control") + `</w:sdtContent></w:sdt>`,
}, "")

// featuresDocx is a DOCX using every feature the parser reads.
func featuresDocx(tb testing.TB) []byte {
	return zipOf(tb, map[string]string{
		"word/document.xml":  document(featuresBody),
		"word/styles.xml":    stylesXML,
		"word/footnotes.xml": footnotesXML,
	})
}
