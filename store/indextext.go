package store

import (
	"database/sql/driver"
	"fmt"

	"modernc.org/sqlite"

	"archivist/app/lang"
)

// indexTextFunc is the SQL function through which the FTS5 index reads
// passages (migration 0009): app/lang.IndexText, which makes words of
// scripts written without spaces searchable. It must be registered before
// any connection opens a library, or the index's triggers fail.
const indexTextFunc = "archivist_index_text"

func init() {
	err := sqlite.RegisterDeterministicScalarFunction(indexTextFunc, 1, func(_ *sqlite.FunctionContext, args []driver.Value) (driver.Value, error) {
		switch v := args[0].(type) {
		case string:
			return lang.IndexText(v), nil
		case []byte:
			return lang.IndexText(string(v)), nil
		case nil:
			return nil, nil
		default:
			return v, nil
		}
	})
	if err != nil {
		panic(fmt.Sprintf("store: register %s: %v", indexTextFunc, err))
	}
}
