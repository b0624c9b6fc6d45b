package image

import (
	"encoding/binary"

	"archivist/app"
)

func tiffOrder(data []byte) binary.ByteOrder {
	if data[0] == 'M' {
		return binary.BigEndian
	}
	return binary.LittleEndian
}

// tiffPages walks a TIFF's chain of image directories and returns each
// one's offset. A chain that loops or points outside the file ends there;
// a file whose first directory is unreadable is damaged. BigTIFF (version
// 43) is not read.
func tiffPages(data []byte) ([]uint32, error) {
	if len(data) < 8 {
		return nil, app.Errorf(app.EInvalid, "the TIFF image is damaged or incomplete: it is cut short (truncated)")
	}
	order := tiffOrder(data)
	if order.Uint16(data[2:4]) != 42 {
		return nil, app.Errorf(app.EUnsupported, "this TIFF variant (BigTIFF) is not read")
	}
	var offs []uint32
	seen := map[uint32]bool{}
	off := order.Uint32(data[4:8])
	for off != 0 && len(offs) < MaxPages {
		if seen[off] || int64(off)+2 > int64(len(data)) {
			break
		}
		seen[off] = true
		n := int64(order.Uint16(data[off:]))
		next := int64(off) + 2 + 12*n
		if next+4 > int64(len(data)) {
			break
		}
		offs = append(offs, off)
		off = order.Uint32(data[next:])
	}
	if len(offs) == 0 {
		return nil, app.Errorf(app.EInvalid, "the TIFF image is damaged or incomplete: it has no readable page")
	}
	return offs, nil
}
