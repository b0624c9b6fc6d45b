package api

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"archivist/app"
)

// TokenFileName is the bearer token's file inside the config folder.
const TokenFileName = "api-token"

// ConfigDir is the per-user folder Archivist keeps its API token in: the
// OS's configuration folder (XDG_CONFIG_HOME or ~/.config on Linux,
// %AppData% on Windows, Application Support on macOS) + "archivist".
func ConfigDir() (string, error) {
	base, err := os.UserConfigDir()
	if err != nil {
		return "", app.Errorf(app.EInternal, "There is no configuration folder to keep the API token in: %v", err)
	}
	return filepath.Join(base, "archivist"), nil
}

// LoadOrCreateToken returns the bearer token kept in dir, creating a random
// one (256 bits, hex) on first use in a file only the user can read
// (0600). A token file others can read is made private again.
func LoadOrCreateToken(dir string) (string, error) {
	path := filepath.Join(dir, TokenFileName)
	if tok, err := readToken(path); err == nil || !errors.Is(err, fs.ErrNotExist) {
		return tok, err
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return "", fmt.Errorf("api: token folder: %w", err)
	}
	var raw [32]byte
	if _, err := rand.Read(raw[:]); err != nil {
		return "", fmt.Errorf("api: make token: %w", err)
	}
	tok := hex.EncodeToString(raw[:])
	// O_EXCL: when two processes start at once, one writes and the other
	// reads what it wrote.
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if errors.Is(err, fs.ErrExist) {
		return readToken(path)
	} else if err != nil {
		return "", fmt.Errorf("api: write token: %w", err)
	}
	if _, err := f.WriteString(tok + "\n"); err != nil {
		f.Close()
		os.Remove(path)
		return "", fmt.Errorf("api: write token: %w", err)
	}
	if err := f.Close(); err != nil {
		os.Remove(path)
		return "", fmt.Errorf("api: write token: %w", err)
	}
	return tok, nil
}

func readToken(path string) (string, error) {
	data, err := app.ReadPrivateFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return "", err
	} else if err != nil {
		return "", fmt.Errorf("api: read token: %w", err)
	}
	tok := strings.TrimSpace(string(data))
	if len(tok) < 32 {
		return "", app.Errorf(app.EInvalid, "The API token file %s is damaged: delete it and a new token is made.", path)
	}
	return tok, nil
}
