package store

import (
	"context"
	"fmt"
	"strings"
	"sync"

	"archivist/app"
)

// The documents that may be evidence are where every question starts: the
// scope is checked against them, and the router's library menu offers
// them all. In a library of thousands of documents reading them is
// thousands of rows, each stored past its search profile, so the lists
// read are kept: by the documents table's version (migration 0011), which
// every insert, update and delete of a document advances in the same
// transaction. A list read at one version is what any snapshot reading
// that version would read; a snapshot of another version reads afresh.

// readyLists is the DB's cache of ReadyDocuments lists, all of one
// documents version.
type readyLists struct {
	mu      sync.Mutex
	version int64
	lists   map[string][]app.Document // by readyKey
}

// readyListsKept bounds the lists kept at one version: the whole library
// and the last few scopes.
const readyListsKept = 8

func readyKey(ids []string) string { return strings.Join(ids, "\x00") }

func (c *readyLists) get(version int64, key string) ([]app.Document, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.version != version {
		return nil, false
	}
	docs, ok := c.lists[key]
	return docs, ok
}

func (c *readyLists) put(version int64, key string, docs []app.Document) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.version != version || c.lists == nil || len(c.lists) >= readyListsKept {
		if version < c.version && c.lists != nil {
			return // an older snapshot's list: keep the newer ones
		}
		c.version, c.lists = version, map[string][]app.Document{}
	}
	c.lists[key] = docs
}

// documentsVersion is the documents table's version as this snapshot
// reads it.
func (s *Snapshot) documentsVersion(ctx context.Context) (int64, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.version >= 0 {
		return s.version, nil
	}
	if err := s.tx.QueryRowContext(ctx, `SELECT n FROM documents_version`).Scan(&s.version); err != nil {
		s.version = -1
		return 0, fmt.Errorf("store: documents version: %w", err)
	}
	return s.version, nil
}

// ReadyDocuments returns the documents that may be evidence — ready and not
// trashed — restricted to ids when ids is not empty, in no particular order.
// The caller owns the slice it gets: the list kept is copied out.
func (s *Snapshot) ReadyDocuments(ctx context.Context, ids []string) ([]app.Document, error) {
	version, err := s.documentsVersion(ctx)
	if err != nil {
		return nil, err
	}
	key := readyKey(ids)
	docs, ok := s.db.ready.get(version, key)
	if !ok {
		if docs, err = s.readyDocuments(ctx, ids); err != nil {
			return nil, err
		}
		s.db.ready.put(version, key, docs)
	}
	return append([]app.Document(nil), docs...), nil
}
