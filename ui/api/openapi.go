package api

import (
	_ "embed"
	"net/http"
)

// OpenAPI is the OpenAPI 3.1 document of this API, served at
// /v1/openapi.json. A test checks that it names every served route.
//
//go:embed openapi.json
var OpenAPI []byte

func handleOpenAPI(w http.ResponseWriter, r *http.Request) { writeRaw(w, http.StatusOK, OpenAPI) }
