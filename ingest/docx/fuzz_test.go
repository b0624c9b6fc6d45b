package docx

import (
	"archive/zip"
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"strings"
	"testing"

	"archivist/app"
	"archivist/ingest/internal/parsetest"
)

// storedZip is zipOf without compression and without testing.TB, for the
// fuzzer: the fuzzed XML goes into the archive as it is.
func storedZip(parts map[string][]byte) []byte {
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, name := range []string{"_rels/.rels", "word/_rels/document.xml.rels", "word/document.xml", "word/styles.xml", "word/footnotes.xml"} {
		data, ok := parts[name]
		if !ok {
			continue
		}
		w, _ := zw.CreateHeader(&zip.FileHeader{Name: name, Method: zip.Store})
		w.Write(data)
	}
	zw.Close()
	return buf.Bytes()
}

// partOf returns the named part of a DOCX, or nil.
func partOf(src []byte, name string) []byte {
	zr, err := zip.NewReader(bytes.NewReader(src), int64(len(src)))
	if err != nil {
		return nil
	}
	for _, f := range zr.File {
		if f.Name == name {
			rc, err := f.Open()
			if err != nil {
				return nil
			}
			data, _ := io.ReadAll(rc)
			rc.Close()
			return data
		}
	}
	return nil
}

// FuzzParse parses DOCX files and, so that the fuzzer reaches the XML
// reading past zip checksums, documents built from fuzzed document and
// styles parts: with zipped false, doc and styles are the parts' XML.
func FuzzParse(f *testing.F) {
	seeds := [][]byte{featuresDocx(f)}
	for _, dir := range []string{"docx_mammoth", "docx_python_docx"} {
		root := sharedFixtures + "/" + dir
		if _, err := os.Stat(root); err != nil {
			continue
		}
		for _, path := range fixtureFiles(f, dir) {
			if src, err := os.ReadFile(path); err == nil {
				seeds = append(seeds, src)
			}
		}
	}
	for _, src := range seeds {
		f.Add(src, []byte(nil), true)
		if doc := partOf(src, "word/document.xml"); doc != nil {
			f.Add(doc, partOf(src, "word/styles.xml"), false)
		}
	}
	f.Add([]byte(document(featuresBody)), []byte(stylesXML), false)
	f.Fuzz(func(t *testing.T, doc, styles []byte, zipped bool) {
		src := doc
		if !zipped {
			src = storedZip(map[string][]byte{
				"_rels/.rels":                  []byte(rootRels),
				"word/_rels/document.xml.rels": []byte(docRels),
				"word/document.xml":            doc,
				"word/styles.xml":              styles,
				"word/footnotes.xml":           []byte(footnotesXML),
			})
		}
		p, err := Parse(context.Background(), src)
		if err != nil {
			if code := app.ErrorCode(err); code == app.EInternal {
				t.Fatalf("error without a code: %v", err)
			}
			return
		}
		if errs := parsetest.CheckTree(p, -1); errs != nil {
			t.Fatalf("invariants broken:\n%s", strings.Join(errs, "\n"))
		}
	})
}

// benchDocx is a generated DOCX whose document part is about n bytes,
// mixing headings, paragraphs with runs and links, lists, tables with
// merged cells and footnote references.
func benchDocx(tb testing.TB, n int) []byte {
	var b strings.Builder
	for i := 0; b.Len() < n; i++ {
		fmt.Fprintf(&b, "%s%s", para("berschrift2", fmt.Sprintf("Section %d", i)),
			`<w:p><w:r><w:t xml:space="preserve">A paragraph with </w:t></w:r><w:r><w:rPr><w:b/><w:sz w:val="24"/></w:rPr><w:t>bold</w:t></w:r>`+
				`<w:hyperlink r:id="rId3"><w:r><w:t xml:space="preserve"> a link</w:t></w:r></w:hyperlink><w:r><w:t xml:space="preserve"> and more text to make it a real paragraph.</w:t></w:r>`+
				`<w:r><w:footnoteReference w:id="1"/></w:r></w:p>`)
		b.WriteString(`<w:p><w:pPr><w:numPr><w:ilvl w:val="0"/><w:numId w:val="1"/></w:numPr></w:pPr><w:r><w:t>item one</w:t></w:r></w:p>`)
		fmt.Fprintf(&b, `<w:tbl><w:tr><w:tc><w:tcPr><w:vMerge w:val="restart"/></w:tcPr><w:p><w:r><w:t>k%d</w:t></w:r></w:p></w:tc><w:tc><w:p><w:r><w:t>v</w:t></w:r></w:p></w:tc></w:tr>`+
			`<w:tr><w:tc><w:tcPr><w:vMerge/></w:tcPr><w:p/></w:tc><w:tc><w:p><w:r><w:t>w</w:t></w:r></w:p></w:tc></w:tr></w:tbl>`, i)
	}
	return zipOf(tb, map[string]string{
		"word/document.xml":  document(b.String()),
		"word/styles.xml":    stylesXML,
		"word/footnotes.xml": footnotesXML,
	})
}

// BenchmarkParse reports throughput in bytes of document XML (the
// expanded part, not the smaller zip file).
func BenchmarkParse(b *testing.B) {
	src := benchDocx(b, 4<<20)
	b.SetBytes(int64(len(partOf(src, "word/document.xml"))))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Parse(context.Background(), src); err != nil {
			b.Fatal(err)
		}
	}
}
