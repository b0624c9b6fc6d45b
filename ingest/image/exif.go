package image

import (
	"bytes"
	"encoding/binary"
	"image"
	"image/draw"
)

// exifOrientation reads the EXIF Orientation tag (0x0112) of a JPEG: 1 is
// upright; 3 upside down; 6 and 8 a quarter turn; 2, 4, 5 and 7 mirrored.
// A camera writes it instead of turning the pixels. 1 when absent.
func exifOrientation(data []byte) int {
	// Walk the markers up to the first scan; APP1 "Exif\0\0" holds a TIFF
	// structure whose first directory may carry the tag.
	for i := 2; i+4 <= len(data); {
		if data[i] != 0xFF {
			return 1
		}
		marker := data[i+1]
		if marker == 0xDA || marker == 0xD9 { // start of scan, end of image
			return 1
		}
		n := int(binary.BigEndian.Uint16(data[i+2:]))
		if n < 2 || i+2+n > len(data) {
			return 1
		}
		seg := data[i+4 : i+2+n]
		if marker == 0xE1 && bytes.HasPrefix(seg, []byte("Exif\x00\x00")) {
			return tiffOrientation(seg[6:])
		}
		i += 2 + n
	}
	return 1
}

func tiffOrientation(t []byte) int {
	if len(t) < 8 {
		return 1
	}
	var order binary.ByteOrder = binary.LittleEndian
	if t[0] == 'M' {
		order = binary.BigEndian
	}
	off := int(order.Uint32(t[4:]))
	if off < 8 || off+2 > len(t) {
		return 1
	}
	n := int(order.Uint16(t[off:]))
	for k := range n {
		e := off + 2 + 12*k
		if e+12 > len(t) {
			break
		}
		if order.Uint16(t[e:]) == 0x0112 {
			v := int(order.Uint16(t[e+8:]))
			if v >= 1 && v <= 8 {
				return v
			}
			return 1
		}
	}
	return 1
}

// orient turns and mirrors img as EXIF orientation o says, so it shows
// upright.
func orient(img image.Image, o int) image.Image {
	if o <= 1 || o > 8 {
		return img
	}
	src := image.NewNRGBA(image.Rect(0, 0, img.Bounds().Dx(), img.Bounds().Dy()))
	draw.Draw(src, src.Rect, img, img.Bounds().Min, draw.Src)
	w, h := src.Rect.Dx(), src.Rect.Dy()
	dw, dh := w, h
	if o >= 5 {
		dw, dh = h, w
	}
	dst := image.NewNRGBA(image.Rect(0, 0, dw, dh))
	for y := range h {
		for x := range w {
			var dx, dy int
			switch o {
			case 2:
				dx, dy = w-1-x, y
			case 3:
				dx, dy = w-1-x, h-1-y
			case 4:
				dx, dy = x, h-1-y
			case 5:
				dx, dy = y, x
			case 6: // turn a quarter clockwise
				dx, dy = h-1-y, x
			case 7:
				dx, dy = h-1-y, w-1-x
			case 8: // a quarter anticlockwise
				dx, dy = y, w-1-x
			}
			si, di := y*src.Stride+4*x, dy*dst.Stride+4*dx
			copy(dst.Pix[di:di+4], src.Pix[si:si+4])
		}
	}
	return dst
}
