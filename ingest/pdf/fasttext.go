package pdf

import (
	"context"
	"errors"
	"math"
	"reflect"
	"strings"

	"github.com/klippa-app/go-pdfium"
	"github.com/klippa-app/go-pdfium/references"
)

// fastText calls PDFium's per-character text functions straight into the
// wasm module, one guest call per character.
//
// Why: go-pdfium's FPDFText_GetLooseCharBox makes three guest calls per
// character (malloc, the call, free) plus locking and handle lookups, and
// the per-character calls are most of the parse time (LIBRARY-NOTES: 6–10
// µs each). go-pdfium keeps the module and handles in an internal package,
// so they are reached by reflection on the pinned version (v1.21.4). Any
// surprise there disables the fast path and the public API is used.
type fastText struct {
	ctx        context.Context
	impl       reflect.Value // *implementation_webassembly.PdfiumImplementation
	mem        wasmMemory
	loose      wasmFunc
	fontSize   wasmFunc
	fontWeight wasmFunc
	matrix     wasmFunc
	fontInfo   wasmFunc
	rect       uint32    // 24 bytes of guest memory for an FS_RECTF or FS_MATRIX
	name       uint32    // fontNameMax bytes of guest memory for a font name, then 4 for its flags
	stack      [5]uint64 // parameters in, result out
	lastTP     references.FPDF_TEXTPAGE
	lastH      uint64 // guest pointer of lastTP
}

// wasmFunc is the part of wazero's api.Function fastText calls.
type wasmFunc interface {
	CallWithStack(ctx context.Context, stack []uint64) error
}

// wasmMemory is the part of wazero's api.Memory fastText reads.
type wasmMemory interface {
	ReadFloat32Le(offset uint32) (float32, bool)
	ReadUint32Le(offset uint32) (uint32, bool)
	Read(offset, byteCount uint32) ([]byte, bool)
}

// fontNameMax bounds the font names read; longer ones are not read.
const fontNameMax = 128

// newFastText returns the fast path for inst, or nil when it is not
// available (another go-pdfium version, or a runtime that is not wasm).
func newFastText(inst pdfium.Pdfium) (f *fastText) {
	defer func() {
		if recover() != nil {
			f = nil
		}
	}()
	impl := reflect.ValueOf(inst.GetImplementation())
	if impl.Kind() != reflect.Pointer || impl.Elem().Kind() != reflect.Struct {
		return nil
	}
	el := impl.Elem()
	ctx, ok := el.FieldByName("Context").Interface().(context.Context)
	if !ok {
		return nil
	}
	mem, ok := el.FieldByName("Module").MethodByName("Memory").Call(nil)[0].Interface().(wasmMemory)
	if !ok {
		return nil
	}
	fnByName := impl.MethodByName("Fn")
	fn := func(name string) wasmFunc {
		v := fnByName.Call([]reflect.Value{reflect.ValueOf(name)})[0]
		if v.IsNil() {
			return nil
		}
		w, _ := v.Interface().(wasmFunc)
		return w
	}
	f = &fastText{
		ctx: ctx, impl: impl, mem: mem,
		loose:      fn("FPDFText_GetLooseCharBox"),
		fontSize:   fn("FPDFText_GetFontSize"),
		fontWeight: fn("FPDFText_GetFontWeight"),
		matrix:     fn("FPDFText_GetMatrix"),
		fontInfo:   fn("FPDFText_GetFontInfo"),
	}
	malloc := fn("malloc")
	if f.loose == nil || f.fontSize == nil || f.fontWeight == nil || f.matrix == nil || f.fontInfo == nil || malloc == nil {
		return nil
	}
	// Scratch memory for the whole document: the instance is thrown away
	// afterwards, so it is never freed.
	f.stack[0] = 24 + fontNameMax + 4
	if err := malloc.CallWithStack(ctx, f.stack[:]); err != nil || f.stack[0] == 0 {
		return nil
	}
	f.rect = uint32(f.stack[0])
	f.name = f.rect + 24
	return f
}

// handle returns the guest pointer of a text page.
func (f *fastText) handle(tp references.FPDF_TEXTPAGE) (h uint64, err error) {
	if tp == f.lastTP && tp != "" {
		return f.lastH, nil
	}
	defer func() {
		if recover() != nil {
			err = errors.New("pdf: text page handle not found")
		}
	}()
	ref := f.impl.Elem().FieldByName("textPageRefs").MapIndex(reflect.ValueOf(tp))
	if !ref.IsValid() || ref.IsNil() {
		return 0, errors.New("pdf: text page handle not found")
	}
	f.lastTP, f.lastH = tp, ref.Elem().FieldByName("handle").Elem().Uint()
	return f.lastH, nil
}

// looseBoxes is charBoxes through the fast path.
func (f *fastText) looseBoxes(tp references.FPDF_TEXTPAGE, g *geom, runes []rune, out []box) error {
	h, err := f.handle(tp)
	if err != nil {
		return err
	}
	for i, r := range runes {
		if isSpace(r) {
			continue
		}
		f.stack[0], f.stack[1], f.stack[2] = h, uint64(i), uint64(f.rect)
		if err := f.loose.CallWithStack(f.ctx, f.stack[:]); err != nil {
			return err
		}
		if int32(f.stack[0]) == 0 {
			continue
		}
		l, ok1 := f.mem.ReadFloat32Le(f.rect)
		t, ok2 := f.mem.ReadFloat32Le(f.rect + 4)
		rt, ok3 := f.mem.ReadFloat32Le(f.rect + 8)
		b, ok4 := f.mem.ReadFloat32Le(f.rect + 12)
		if !(ok1 && ok2 && ok3 && ok4) {
			return errors.New("pdf: guest memory read failed")
		}
		out[i] = g.rect(float64(l), float64(t), float64(rt), float64(b))
	}
	return nil
}

// font returns char i's font size (points, scaled as in charFont),
// weight (-1 when the font does not say), name and flags through the fast
// path; ok is false when a call failed.
func (f *fastText) font(tp references.FPDF_TEXTPAGE, i int) (size float64, weight int, name string, flags int, ok bool) {
	h, err := f.handle(tp)
	if err != nil {
		return 0, 0, "", 0, false
	}
	f.stack[0], f.stack[1] = h, uint64(i)
	if f.fontSize.CallWithStack(f.ctx, f.stack[:]) != nil {
		return 0, 0, "", 0, false
	}
	size = math.Float64frombits(f.stack[0])
	f.stack[0], f.stack[1], f.stack[2] = h, uint64(i), uint64(f.rect)
	if f.matrix.CallWithStack(f.ctx, f.stack[:]) != nil {
		return 0, 0, "", 0, false
	}
	if int32(f.stack[0]) != 0 {
		c, ok1 := f.mem.ReadFloat32Le(f.rect + 8)
		d, ok2 := f.mem.ReadFloat32Le(f.rect + 12)
		if ok1 && ok2 {
			size *= matrixScale(0, 0, float64(c), float64(d))
		}
	}
	f.stack[0], f.stack[1] = h, uint64(i)
	if f.fontWeight.CallWithStack(f.ctx, f.stack[:]) != nil {
		return 0, 0, "", 0, false
	}
	weight = int(int32(f.stack[0]))
	flagsAt := f.name + fontNameMax
	f.stack = [5]uint64{h, uint64(i), uint64(f.name), fontNameMax, uint64(flagsAt)}
	if f.fontInfo.CallWithStack(f.ctx, f.stack[:]) != nil {
		return 0, 0, "", 0, false
	}
	if n := uint32(f.stack[0]); n > 0 && n <= fontNameMax {
		if b, ok := f.mem.Read(f.name, n); ok {
			name = strings.TrimRight(string(b), "\x00")
		}
		if fl, ok := f.mem.ReadUint32Le(flagsAt); ok {
			flags = int(int32(fl))
		}
	}
	return size, weight, name, flags, true
}
