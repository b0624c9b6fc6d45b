//go:build bench || ci

package cli

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/go-pdf/fpdf"

	"archivist/store/benchtext"
)

// writeBenchPDF writes a generated PDF of the given number of Letter pages
// to path: each page a heading now and then, about 45 lines of justified
// prose in Zipf-distributed words, and every tenth page a small table, so
// PDFium builds text pages of a realistic size (about 450 words a page).
func writeBenchPDF(path string, pages int) error {
	r := rand.New(rand.NewSource(7))
	word := benchtext.Words(r)
	f := fpdf.New("P", "pt", "Letter", "")
	f.SetAutoPageBreak(false, 0)
	f.SetTitle("Generated annual report", true)
	for pg := 1; pg <= pages; pg++ {
		f.AddPage()
		y := 72.0
		if pg%7 == 1 {
			f.SetFont("Helvetica", "B", 16)
			f.Text(72, y, fmt.Sprintf("%d. %s %s %s", pg/7+1, strings.ToUpper(word()[:1]), word(), word()))
			y += 30
		}
		f.SetFont("Times", "", 11)
		for y < 700 {
			var line strings.Builder
			for line.Len() < 85 {
				if line.Len() > 0 {
					line.WriteByte(' ')
				}
				line.WriteString(word())
			}
			f.Text(72, y, line.String())
			y += 14
			if pg%10 == 0 && y > 300 && y < 315 {
				f.SetFont("Helvetica", "", 9)
				for row := 0; row < 6; row++ {
					y += 13
					for col := 0; col < 4; col++ {
						cell := word()
						if row > 0 && col > 0 {
							cell = strconv.Itoa(r.Intn(100000))
						}
						f.Text(72+float64(col)*120, y, cell)
					}
				}
				y += 20
				f.SetFont("Times", "", 11)
			}
		}
		f.SetFont("Times", "", 9)
		f.Text(300, 750, strconv.Itoa(pg))
	}
	return f.OutputFileAndClose(path)
}

// treeMemory samples the resident memory of a process and all its
// descendants every interval until stop is closed.
type treeMemory struct {
	peakSum int64         // largest sum of VmRSS over the tree at one sample, bytes
	peakPss int64         // largest sum of Pss (shared pages divided among their users)
	hwm     map[int]int64 // each process's VmHWM when last seen, bytes
}

func (m *treeMemory) sumHWM() int64 {
	var s int64
	for _, v := range m.hwm {
		s += v
	}
	return s
}

// sampleTree polls /proc (Linux) until done is closed.
func sampleTree(root int, interval time.Duration, done <-chan struct{}) *treeMemory {
	m := &treeMemory{hwm: map[int]int64{}}
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		var sum, pss int64
		for _, pid := range processTree(root) {
			rss, hwm, ok := procMemory(pid)
			if !ok {
				continue
			}
			sum += rss
			pss += procPss(pid)
			m.hwm[pid] = hwm
		}
		m.peakSum = max(m.peakSum, sum)
		m.peakPss = max(m.peakPss, pss)
		select {
		case <-done:
			return m
		case <-t.C:
		}
	}
}

// processTree returns root and its descendants, read from /proc/*/stat.
func processTree(root int) []int {
	entries, err := os.ReadDir("/proc")
	if err != nil {
		return []int{root}
	}
	parent := map[int]int{}
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		b, err := os.ReadFile(filepath.Join("/proc", e.Name(), "stat"))
		if err != nil {
			continue
		}
		// pid (comm) state ppid …; comm may hold spaces and parentheses.
		i := bytes.LastIndexByte(b, ')')
		if i < 0 {
			continue
		}
		f := strings.Fields(string(b[i+1:]))
		if len(f) < 2 {
			continue
		}
		if ppid, err := strconv.Atoi(f[1]); err == nil {
			parent[pid] = ppid
		}
	}
	out := []int{root}
	for changed := true; changed; {
		changed = false
		for pid, pp := range parent {
			if slicesContains(out, pp) && !slicesContains(out, pid) {
				out = append(out, pid)
				changed = true
			}
		}
	}
	return out
}

func slicesContains(s []int, v int) bool {
	for _, x := range s {
		if x == v {
			return true
		}
	}
	return false
}

// procMemory reads VmRSS and VmHWM of pid, in bytes.
func procMemory(pid int) (rss, hwm int64, ok bool) {
	f, err := os.Open(filepath.Join("/proc", strconv.Itoa(pid), "status"))
	if err != nil {
		return 0, 0, false
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		for _, k := range []string{"VmRSS:", "VmHWM:"} {
			if v, found := strings.CutPrefix(line, k); found {
				kb, _ := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(v), " kB"), 10, 64)
				if k == "VmRSS:" {
					rss = kb << 10
				} else {
					hwm = kb << 10
				}
			}
		}
	}
	return rss, hwm, rss > 0 || hwm > 0
}

// procPss reads the proportional set size of pid, in bytes: resident
// memory with each shared page (the executable's own, mapped by the app and
// every worker) divided among the processes sharing it.
func procPss(pid int) int64 {
	b, err := os.ReadFile(filepath.Join("/proc", strconv.Itoa(pid), "smaps_rollup"))
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, "Pss:"); ok {
			kb, _ := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(v), " kB"), 10, 64)
			return kb << 10
		}
	}
	return 0
}

// pdfMemoryResult is what importing one large generated PDF costs.
type pdfMemoryResult struct {
	Pages       int     `json:"pages"`
	FileMB      float64 `json:"file_mb"`
	Seconds     float64 `json:"seconds"`
	PagesPerSec float64 `json:"pages_per_second"`
	// PeakTreeMB is the largest sum of resident memory of the import
	// process and its PDFium workers at one 20 ms sample; SumHWMMB adds
	// up each process's own peak, an upper bound.
	PeakTreeMB float64   `json:"peak_tree_mb"`
	SumHWMMB   float64   `json:"sum_hwm_mb"`
	PeakPssMB  float64   `json:"peak_tree_pss_mb"`
	AppHWMMB   float64   `json:"app_hwm_mb"`
	WorkersMB  []float64 `json:"worker_hwm_mb"`
	Processes  int       `json:"processes"`
}

// benchPDFMemory generates a PDF of pages pages in dir, imports it with
// this executable as a child process (`archivist --library … import`), and
// samples the memory of that process and its PDFium workers.
func benchPDFMemory(ctx context.Context, dir string, pages int, pdfPath string) (*pdfMemoryResult, error) {
	if pdfPath == "" {
		pdfPath = filepath.Join(dir, fmt.Sprintf("generated-%d.pdf", pages))
		if err := writeBenchPDF(pdfPath, pages); err != nil {
			return nil, fmt.Errorf("bench: write PDF: %w", err)
		}
	}
	info, err := os.Stat(pdfPath)
	if err != nil {
		return nil, fmt.Errorf("bench: %w", err)
	}
	exe, err := os.Executable()
	if err != nil {
		return nil, fmt.Errorf("bench: %w", err)
	}
	lib := filepath.Join(dir, "pdf-library")
	cmd := exec.CommandContext(ctx, exe, "--library", lib, "import", pdfPath)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	start := time.Now()
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("bench: start import: %w", err)
	}
	done := make(chan struct{})
	memc := make(chan *treeMemory, 1)
	go func() { memc <- sampleTree(cmd.Process.Pid, 20*time.Millisecond, done) }()
	err = cmd.Wait()
	secs := time.Since(start).Seconds()
	close(done)
	m := <-memc
	if err != nil {
		return nil, fmt.Errorf("bench: import: %w: %s", err, strings.TrimSpace(out.String()))
	}
	// The import process's own peak, from the kernel, replaces its last
	// sample: it may have grown after it.
	m.hwm[cmd.Process.Pid] = max(m.hwm[cmd.Process.Pid], maxRSS(cmd.ProcessState))
	mb := func(b int64) float64 { return float64(b) / (1 << 20) }
	var workers []float64
	for pid, hwm := range m.hwm {
		if pid != cmd.Process.Pid {
			workers = append(workers, mb(hwm))
		}
	}
	res := &pdfMemoryResult{WorkersMB: workers, Pages: pages, FileMB: mb(info.Size()), Seconds: secs, PagesPerSec: float64(pages) / secs,
		PeakTreeMB: mb(m.peakSum), PeakPssMB: mb(m.peakPss), SumHWMMB: mb(m.sumHWM()), AppHWMMB: mb(m.hwm[cmd.Process.Pid]), Processes: len(m.hwm)}
	return res, nil
}
