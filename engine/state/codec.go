package state

import (
	"fmt"
	"reflect"
	"silverfall/engine/model"
	"strconv"
	"strings"
	"unicode"

	"silverfall/engine/geom"
	"silverfall/engine/order"
)

// A record is one line: a kind, then fields as name=value. Values are
// whole numbers, true/false, quoted strings (Go syntax), points X,Y,Z,
// lists of whole numbers separated by commas ("-" for none) and orders
// (quoted, in the order language).

var (
	pointType = reflect.TypeOf(geom.Point{})
	orderType = reflect.TypeOf(order.Order{})
)

// fieldName is the name a field has in the file: its Go name in lower
// case.
func fieldName(f reflect.StructField) string { return strings.ToLower(f.Name) }

// encodable reports whether a field is written by the generic codec
// (slices of structs and pointers are written as records of their own).
func encodable(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.Int, reflect.Int64, reflect.Uint8, reflect.Bool, reflect.String:
		return true
	case reflect.Array, reflect.Slice:
		return t.Elem().Kind() == reflect.Int
	case reflect.Struct:
		return t == pointType || t == orderType
	}
	return false
}

// appendFields writes the fields of v (a struct) that are not zero, in
// declaration order, each as " name=value".
func appendFields(b []byte, v reflect.Value) []byte {
	t := v.Type()
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		if !f.IsExported() || !encodable(f.Type) {
			continue
		}
		fv := v.Field(i)
		if fv.IsZero() {
			continue
		}
		b = append(b, ' ')
		b = append(b, fieldName(f)...)
		b = append(b, '=')
		b = appendValue(b, fv)
	}
	return b
}

func appendValue(b []byte, v reflect.Value) []byte {
	switch v.Type() {
	case pointType:
		p := v.Interface().(geom.Point)
		return fmt.Appendf(b, "%d,%d,%d", p.X, p.Y, p.Z)
	case orderType:
		if v.IsZero() {
			return append(b, `""`...)
		}
		return strconv.AppendQuote(b, v.Interface().(order.Order).String())
	}
	switch v.Kind() {
	case reflect.Int, reflect.Int64:
		return strconv.AppendInt(b, v.Int(), 10)
	case reflect.Uint8:
		return strconv.AppendUint(b, v.Uint(), 10)
	case reflect.Bool:
		return strconv.AppendBool(b, v.Bool())
	case reflect.String:
		return strconv.AppendQuote(b, v.String())
	case reflect.Array, reflect.Slice:
		if v.Len() == 0 {
			return append(b, '-')
		}
		for i := 0; i < v.Len(); i++ {
			if i > 0 {
				b = append(b, ',')
			}
			b = strconv.AppendInt(b, v.Index(i).Int(), 10)
		}
		return b
	}
	panic("state: cannot encode " + v.Type().String())
}

// field is one name=value of a record as read.
type field struct {
	name, value string
	col         int
}

// splitRecord splits a line into its kind and fields. Quoted values may
// hold spaces and escapes.
func splitRecord(line string) (string, []field, error) {
	i := strings.IndexFunc(line, unicode.IsSpace)
	if i < 0 {
		return line, nil, nil
	}
	kind := line[:i]
	var out []field
	for i < len(line) {
		for i < len(line) && (line[i] == ' ' || line[i] == '\t') {
			i++
		}
		if i >= len(line) {
			break
		}
		start := i
		eq := strings.IndexByte(line[i:], '=')
		if eq <= 0 {
			return "", nil, fmt.Errorf("column %d: expected name=value", start+1)
		}
		name := line[i : i+eq]
		if strings.ContainsAny(name, " \t\"") {
			return "", nil, fmt.Errorf("column %d: expected name=value", start+1)
		}
		i += eq + 1
		var value string
		if i < len(line) && line[i] == '"' {
			q, err := strconv.QuotedPrefix(line[i:])
			if err != nil {
				return "", nil, fmt.Errorf("column %d: %s: the quoted text does not end", i+1, name)
			}
			value = q
			i += len(q)
		} else {
			j := i
			for j < len(line) && line[j] != ' ' && line[j] != '\t' {
				j++
			}
			value = line[i:j]
			i = j
		}
		out = append(out, field{name, value, start + 1})
	}
	return kind, out, nil
}

// setFields fills the struct v from the fields, refusing unknown and
// repeated names and values of the wrong form.
func setFields(v reflect.Value, fields []field) error {
	t := v.Type()
	index := map[string]int{}
	for i := 0; i < t.NumField(); i++ {
		if f := t.Field(i); f.IsExported() && encodable(f.Type) {
			index[fieldName(f)] = i
		}
	}
	seen := map[string]bool{}
	for _, f := range fields {
		i, ok := index[f.name]
		if !ok {
			return fmt.Errorf("column %d: %s has no field %q", f.col, kindName(t), f.name)
		}
		if seen[f.name] {
			return fmt.Errorf("column %d: %s given twice", f.col, f.name)
		}
		seen[f.name] = true
		if err := setValue(v.Field(i), f.value); err != nil {
			return fmt.Errorf("column %d: %s: %v", f.col, f.name, err)
		}
	}
	return nil
}

func kindName(t reflect.Type) string { return strings.ToLower(t.Name()) }

func setValue(v reflect.Value, s string) error {
	switch v.Type() {
	case pointType:
		parts := strings.Split(s, ",")
		if len(parts) != 3 {
			return fmt.Errorf("expected a place X,Y,Z, got %q", s)
		}
		var p [3]int
		for i, part := range parts {
			n, err := strconv.Atoi(part)
			if err != nil {
				return fmt.Errorf("expected a place X,Y,Z, got %q", s)
			}
			if n < -model.MaxCoordinate || n > model.MaxCoordinate {
				return fmt.Errorf("the place %s is more than %d positions from Silverfall on an axis, where no game reaches", s, model.MaxCoordinate)
			}
			p[i] = n
		}
		v.Set(reflect.ValueOf(geom.Point{X: p[0], Y: p[1], Z: p[2]}))
		return nil
	case orderType:
		text, err := strconv.Unquote(s)
		if err != nil {
			return fmt.Errorf("expected an order in quotes, got %s", s)
		}
		if text == "" {
			v.Set(reflect.Zero(v.Type()))
			return nil
		}
		o, err := order.Parse(text)
		if err != nil {
			return err
		}
		v.Set(reflect.ValueOf(o))
		return nil
	}
	switch v.Kind() {
	case reflect.Int, reflect.Int64:
		n, err := strconv.ParseInt(s, 10, 64)
		if err != nil || v.OverflowInt(n) {
			return fmt.Errorf("expected a whole number, got %q", s)
		}
		// Only the seed (the one int64) may take any value.
		if v.Kind() == reflect.Int && (n > model.MaxFigure || n < -model.MaxFigure) {
			return fmt.Errorf("%d is beyond %d, far more than any game holds", n, int64(model.MaxFigure))
		}
		v.SetInt(n)
	case reflect.Uint8:
		n, err := strconv.ParseUint(s, 10, 8)
		if err != nil {
			return fmt.Errorf("expected a small whole number, got %q", s)
		}
		v.SetUint(n)
	case reflect.Bool:
		b, err := strconv.ParseBool(s)
		if err != nil || (s != "true" && s != "false") {
			return fmt.Errorf("expected true or false, got %q", s)
		}
		v.SetBool(b)
	case reflect.String:
		text, err := strconv.Unquote(s)
		if err != nil || !strings.HasPrefix(s, `"`) {
			return fmt.Errorf("expected text in double quotes, got %s", s)
		}
		v.SetString(text)
	case reflect.Array, reflect.Slice:
		var parts []string
		if s != "-" {
			parts = strings.Split(s, ",")
		}
		if v.Kind() == reflect.Array && len(parts) != v.Len() {
			return fmt.Errorf("expected %d numbers separated by commas, got %q", v.Len(), s)
		}
		if v.Kind() == reflect.Slice {
			if len(parts) > maxList {
				return fmt.Errorf("more than %d numbers", maxList)
			}
			v.Set(reflect.MakeSlice(v.Type(), len(parts), len(parts)))
		}
		for i, part := range parts {
			n, err := strconv.Atoi(part)
			if err != nil || n > model.MaxFigure || n < -model.MaxFigure {
				return fmt.Errorf("expected numbers separated by commas, got %q", s)
			}
			v.Index(i).SetInt(int64(n))
		}
	default:
		return fmt.Errorf("cannot read a %s", v.Type())
	}
	return nil
}

// maxList bounds a list in one field (allies, winners): far above any
// game, far below what would hurt.
const maxList = 10000

// Fields encodes every plain field of a record value (a ship, a planet,
// an empire, ...) as the state format writes it, zero values included,
// by field name: for tools and tests that compare records field by field.
func Fields(v any) map[string]string {
	rv := reflect.ValueOf(v)
	if rv.Kind() == reflect.Pointer {
		rv = rv.Elem()
	}
	out := map[string]string{}
	t := rv.Type()
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		if f.IsExported() && encodable(f.Type) {
			out[fieldName(f)] = string(appendValue(nil, rv.Field(i)))
		}
	}
	return out
}

// ParseRecord splits one line of the state format into its kind and its
// fields, values as written.
func ParseRecord(line string) (string, map[string]string, error) {
	kind, fields, err := splitRecord(line)
	if err != nil {
		return "", nil, err
	}
	out := map[string]string{}
	for _, f := range fields {
		out[f.name] = f.value
	}
	return kind, out, nil
}
