package render3d

import (
	"errors"
	"image"

	gl "github.com/go-gl/gl/v3.3-core/gl"
	"github.com/go-gl/glfw/v3.3/glfw"
)

// Window is an on-screen GL window (the one the frames are shown in),
// noted so that its pixels can be read back for a screenshot.
type Window struct{ w *glfw.Window }

// CurrentWindow is the window whose context is current: called while the
// toolkit paints, it is the toolkit's window. Without GLFW (a toolkit that
// does not paint with GL) there is none.
func CurrentWindow() (w Window) {
	defer func() {
		if recover() != nil {
			w = Window{}
		}
	}()
	return Window{glfw.GetCurrentContext()}
}

// Valid reports whether a window was noted.
func (w Window) Valid() bool { return w.w != nil }

// Capture reads the window's pixels. Of the two buffers it takes the one
// that holds a picture: software GL under X keeps the last frame in the
// back buffer and may leave the front one blank.
func (w Window) Capture() (*image.RGBA, error) {
	if w.w == nil {
		return nil, errors.New("render3d: no window to capture")
	}
	prev := glfw.GetCurrentContext()
	w.w.MakeContextCurrent()
	defer func() {
		if prev != nil {
			prev.MakeContextCurrent()
		}
	}()
	fw, fh := w.w.GetFramebufferSize()
	if fw < 1 || fh < 1 {
		return nil, errors.New("render3d: the window has no size")
	}
	var best *image.RGBA
	for _, buf := range []uint32{gl.BACK, gl.FRONT} {
		pix := make([]byte, fw*fh*4)
		gl.BindFramebuffer(gl.READ_FRAMEBUFFER, 0)
		gl.ReadBuffer(buf)
		gl.PixelStorei(gl.PACK_ALIGNMENT, 1)
		gl.ReadPixels(0, 0, int32(fw), int32(fh), gl.RGBA, gl.UNSIGNED_BYTE, gl.Ptr(pix))
		img := image.NewRGBA(image.Rect(0, 0, fw, fh))
		stride := fw * 4
		for y := 0; y < fh; y++ {
			copy(img.Pix[y*stride:(y+1)*stride], pix[(fh-1-y)*stride:(fh-y)*stride])
		}
		if !uniform(img) {
			return img, nil
		}
		best = img
	}
	return best, nil
}

// uniform reports whether every pixel is the same (a blank buffer).
func uniform(img *image.RGBA) bool {
	p := img.Pix
	for i := 4; i < len(p); i += 4 * 131 {
		if p[i] != p[0] || p[i+1] != p[1] || p[i+2] != p[2] {
			return false
		}
	}
	return true
}
