package capfile

import (
	"fmt"
	"io"
	"io/fs"
	"os"
)

// NotFileError is a name that is not a regular file.
type NotFileError struct {
	Name string
	Mode fs.FileMode
}

func (e *NotFileError) Error() string {
	return fmt.Sprintf("%s: not a file but %s; not read", e.Name, Kind(e.Mode))
}

// TooLargeError is a file larger than its cap.
type TooLargeError struct {
	Name      string
	Size, Max int64
}

func (e *TooLargeError) Error() string {
	return fmt.Sprintf("%s: %d bytes, more than such a file can be (at most %d); not read", e.Name, e.Size, e.Max)
}

// Kind names what a non-regular file is, for messages.
func Kind(m fs.FileMode) string {
	switch {
	case m&fs.ModeNamedPipe != 0:
		return "a pipe"
	case m&fs.ModeCharDevice != 0, m&fs.ModeDevice != 0:
		return "a device"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m.IsDir():
		return "a folder"
	case m&fs.ModeSymlink != 0:
		return "a link"
	}
	return "something else"
}

// Open opens the regular file name for reading, refusing anything else
// and a file larger than max bytes, and returns it with its size. The
// file is opened without waiting (a pipe with no writer does not block)
// and checked on the open file, so that it cannot be swapped in between.
func Open(name string, max int64) (*os.File, int64, error) {
	if info, err := os.Stat(name); err != nil {
		return nil, 0, err
	} else if !info.Mode().IsRegular() {
		return nil, 0, &NotFileError{name, info.Mode()}
	}
	f, err := openNoWait(name)
	if err != nil {
		return nil, 0, err
	}
	info, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, 0, err
	}
	if !info.Mode().IsRegular() {
		f.Close()
		return nil, 0, &NotFileError{name, info.Mode()}
	}
	if info.Size() > max {
		f.Close()
		return nil, 0, &TooLargeError{name, info.Size(), max}
	}
	return f, info.Size(), nil
}

// Read reads the regular file name of at most max bytes (see Open). The
// reading stops past max whatever the file does meanwhile.
func Read(name string, max int64) ([]byte, error) {
	f, size, err := Open(name, max)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data := make([]byte, 0, size+1)
	for {
		n, err := f.Read(data[len(data):cap(data)])
		data = data[:len(data)+n]
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
		if int64(len(data)) > max {
			return nil, &TooLargeError{name, int64(len(data)), max}
		}
		if len(data) == cap(data) {
			data = append(data, 0)[:len(data)]
		}
	}
	return data, nil
}
