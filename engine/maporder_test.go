package engine

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// TestNoMapOrder keeps the engine's results independent of the order Go
// walks a map in, which changes from run to run: every range over a map
// in the engine's code must say, in a comment on its line or the line
// before holding "any order", why the order does not matter (it only
// collects keys to sort, sums, or copies). Anything else walks sorted keys
// or a slice.
func TestNoMapOrder(t *testing.T) {
	dirs := map[string]bool{}
	filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(path, ".go") && !strings.HasSuffix(path, "_test.go") && !strings.Contains(path, "testdata") {
			dirs[filepath.Dir(path)] = true
		}
		return nil
	})
	if len(dirs) < 5 {
		t.Fatalf("found the code of only %d packages", len(dirs))
	}
	fset := token.NewFileSet()
	l := &loader{fset: fset, std: importer.ForCompiler(fset, "gc", nil), pkgs: map[string]*loaded{}}
	var list []string
	for dir := range dirs { // any order: sorted below
		list = append(list, dir)
	}
	sort.Strings(list)
	seen := 0
	for _, dir := range list {
		pk, err := l.load(dir)
		if err != nil {
			t.Fatalf("%s: %v", dir, err)
		}
		for _, f := range pk.files {
			for _, pos := range mapRanges(fset, f, pk.info) {
				seen++
				if !said(fset, f, pos.Line) {
					t.Errorf("%s: a range over a map: walk sorted keys, or say why any order will do", pos)
				}
			}
		}
	}
	if seen < 10 {
		t.Errorf("found %d ranges over maps; the engine has more: is the type check working?", seen)
	}
}

// mapRanges are the places in f of the ranges over a map.
func mapRanges(fset *token.FileSet, f *ast.File, info *types.Info) []token.Position {
	var out []token.Position
	ast.Inspect(f, func(n ast.Node) bool {
		if r, ok := n.(*ast.RangeStmt); ok {
			if tv, ok := info.Types[r.X]; ok && tv.Type != nil {
				if _, isMap := tv.Type.Underlying().(*types.Map); isMap {
					out = append(out, fset.Position(r.Pos()))
				}
			}
		}
		return true
	})
	return out
}

// said reports whether a comment holding "any order" is on the line or the
// line before.
func said(fset *token.FileSet, f *ast.File, line int) bool {
	for _, cg := range f.Comments {
		for _, c := range cg.List {
			if l := fset.Position(c.Pos()).Line; (l == line || l == line-1) && strings.Contains(c.Text, "any order") {
				return true
			}
		}
	}
	return false
}

// loader type-checks the engine's packages from their source, and the
// others from the compiler's export data (quick: no standard library from
// source).
type loader struct {
	fset *token.FileSet
	std  types.Importer
	pkgs map[string]*loaded
}

type loaded struct {
	pkg   *types.Package
	files []*ast.File
	info  *types.Info
}

const enginePath = "silverfall/engine/"

func (l *loader) Import(path string) (*types.Package, error) {
	if dir, ok := strings.CutPrefix(path, enginePath); ok {
		pk, err := l.load(filepath.FromSlash(dir))
		if err != nil {
			return nil, err
		}
		return pk.pkg, nil
	}
	if p, err := l.std.Import(path); err == nil {
		return p, nil
	}
	// A module outside the standard library (the TOML reader): an empty
	// stand-in; the expressions that use it go untyped, and none of them is
	// a map of the engine's.
	return types.NewPackage(path, filepath.Base(path)), nil
}

// load type-checks the engine's package in dir (relative to engine/).
func (l *loader) load(dir string) (*loaded, error) {
	if pk := l.pkgs[dir]; pk != nil {
		return pk, nil
	}
	pkgs, err := parser.ParseDir(l.fset, dir, func(fi os.FileInfo) bool { return !strings.HasSuffix(fi.Name(), "_test.go") }, parser.ParseComments)
	if err != nil {
		return nil, err
	}
	pk := &loaded{info: &types.Info{Types: map[ast.Expr]types.TypeAndValue{}}}
	var names []string
	byName := map[string]*ast.File{}
	for _, p := range pkgs { // any order: one package a folder
		for name, f := range p.Files { // any order: sorted below
			names = append(names, name)
			byName[name] = f
		}
	}
	sort.Strings(names)
	for _, name := range names {
		pk.files = append(pk.files, byName[name])
	}
	var first error
	conf := types.Config{Importer: l, Error: func(err error) {
		if first == nil && !strings.Contains(err.Error(), "toml") {
			first = err
		}
	}}
	pk.pkg, _ = conf.Check(enginePath+filepath.ToSlash(dir), l.fset, pk.files, pk.info)
	if first != nil {
		return nil, first
	}
	l.pkgs[dir] = pk
	return pk, nil
}
