package render3d

import (
	"errors"
	"fmt"
	"image"
	"image/color"
	"math"
	"os"
	"runtime"

	"github.com/g3n/engine/camera"
	"github.com/g3n/engine/core"
	"github.com/g3n/engine/gls"
	"github.com/g3n/engine/graphic"
	"github.com/g3n/engine/light"
	"github.com/g3n/engine/material"
	"github.com/g3n/engine/math32"
	"github.com/g3n/engine/renderer"
	gl "github.com/go-gl/gl/v3.3-core/gl"
	"github.com/go-gl/glfw/v3.3/glfw"
)

// Background is the colour of space behind the map.
var Background = color.NRGBA{8, 10, 22, 255}

// ErrNoDisplay is returned when there is no display to get a GL context from.
var ErrNoDisplay = errors.New("no display: set DISPLAY (or WAYLAND_DISPLAY), or run under xvfb-run")

// Renderer draws maps offscreen with g3n. Create it, and call every
// method, on the thread that owns GL (Fyne's main thread).
type Renderer struct {
	win   *glfw.Window
	gs    *gls.GLS
	rend  *renderer.Renderer
	scene *core.Node
	cam   *camera.Camera
	head  *light.Directional

	bodies   *core.Node // the map's sprites, rebuilt by SetMap
	sprites  *sprites
	nearNode *core.Node // meshes of the bodies seen from close by
	near     []int
	maxPoint float64    // the largest point the driver draws, in pixels
	courses  *core.Node // the planned movements, rebuilt by SetCourses
	selComm  *graphic.Mesh
	selMove  *graphic.Mesh
	selMark  *graphic.Mesh
	mapShown *Map

	fbo, colorRB, depthRB uint32
	fw, fh                int
	pix                   []byte
	img                   *image.RGBA

	palette Palette
	fonts   *fonts
}

// HasDisplay reports whether a display is there to render on.
//
// Windows and macOS always have one: only X11 and Wayland systems say
// theirs in the environment.
func HasDisplay() bool {
	switch runtime.GOOS {
	case "windows", "darwin":
		return true
	}
	return os.Getenv("DISPLAY") != "" || os.Getenv("WAYLAND_DISPLAY") != ""
}

// NewRenderer makes the hidden GL context and the fixed part of the scene.
// GLFW may already be initialised (Fyne does it); a second Init is harmless.
func NewRenderer(pal Palette) (*Renderer, error) {
	if !HasDisplay() {
		return nil, ErrNoDisplay
	}
	if err := glfw.Init(); err != nil {
		return nil, fmt.Errorf("render3d: GLFW: %w", err)
	}
	glfw.WindowHint(glfw.Visible, glfw.False)
	glfw.WindowHint(glfw.ContextVersionMajor, 3)
	glfw.WindowHint(glfw.ContextVersionMinor, 3)
	glfw.WindowHint(glfw.OpenGLProfile, glfw.OpenGLCoreProfile)
	glfw.WindowHint(glfw.OpenGLForwardCompatible, glfw.True)
	win, err := glfw.CreateWindow(16, 16, "Silverfall map", nil, nil)
	// The hints would otherwise leak into the windows Fyne opens later.
	glfw.DefaultWindowHints()
	if err != nil {
		return nil, fmt.Errorf("render3d: no OpenGL 3.3 context: %w", err)
	}
	r := &Renderer{win: win, palette: pal}
	restore := r.makeCurrent()
	defer restore()
	if err := gl.Init(); err != nil {
		return nil, fmt.Errorf("render3d: OpenGL: %w", err)
	}
	if r.gs, err = gls.New(); err != nil {
		return nil, fmt.Errorf("render3d: g3n: %w", err)
	}
	r.rend = renderer.NewRenderer(r.gs)
	if err := r.rend.AddDefaultShaders(); err != nil {
		return nil, fmt.Errorf("render3d: shaders: %w", err)
	}
	r.addSpriteProgram()
	if r.fonts, err = newFonts(13); err != nil {
		return nil, err
	}
	r.buildFixed()
	return r, nil
}

// makeCurrent makes the renderer's context current and returns a function
// that gives the thread back the context it had (Fyne's).
func (r *Renderer) makeCurrent() func() {
	prev := glfw.GetCurrentContext()
	r.win.MakeContextCurrent()
	return func() {
		if prev != nil {
			prev.MakeContextCurrent()
		} else {
			glfw.DetachCurrentContext()
		}
	}
}

func rgb(r, g, b float32) [3]float32 { return [3]float32{r, g, b} }

// buildFixed builds what every map has: Silverfall, the 350 sphere, the
// destruction sphere, the axes, the lights and the selection shapes.
func (r *Renderer) buildFixed() {
	r.scene = core.NewNode()
	r.scene.Add(light.NewAmbient(&math32.Color{R: 1, G: 1, B: 1}, 0.35))
	r.head = light.NewDirectional(&math32.Color{R: 1, G: 1, B: 1}, 0.9)
	r.scene.Add(r.head)
	r.cam = camera.NewPerspective(1, Near, Far, 45, camera.Vertical)

	var lines lineSet
	x, y, z := Vec{1, 0, 0}, Vec{0, 1, 0}, Vec{0, 0, 1}
	grid := rgb(0.16, 0.2, 0.32)
	// The 350 sphere: the equator and two meridians, with latitude rings.
	for _, lat := range []float64{-60, -30, 0, 30, 60} {
		a := lat * math.Pi / 180
		lines.circle(z.Scale(350*math.Sin(a)), x, y, 350*math.Cos(a), 96, grid)
	}
	for k := 0; k < 6; k++ {
		a := float64(k) * math.Pi / 6
		lines.circle(Vec{}, Vec{math.Cos(a), math.Sin(a), 0}, z, 350, 96, grid)
	}
	// The destruction sphere's rims, in red.
	danger := rgb(0.85, 0.2, 0.15)
	lines.circle(Vec{}, x, y, 20, 48, danger)
	lines.circle(Vec{}, x, z, 20, 48, danger)
	lines.circle(Vec{}, y, z, 20, 48, danger)
	// The axes.
	for i, dir := range []Vec{x, y, z} {
		c := axisColors[i]
		cc := rgb(float32(c.R)/255, float32(c.G)/255, float32(c.B)/255)
		lines.add(dir.Scale(-axisLength), dir.Scale(axisLength), cc)
	}
	// The black hole's glowing disc.
	for _, rad := range []float64{9, 11, 13} {
		lines.circle(Vec{}, x, y, rad, 48, rgb(1, 0.55+float32(rad)/60, 0.2))
	}
	r.scene.Add(graphic.NewLines(lines.geometry(), material.NewBasic()))

	hole := material.NewStandard(&math32.Color{})
	hole.SetSpecularColor(&math32.Color{R: 0.3, G: 0.25, B: 0.2})
	r.scene.Add(graphic.NewMesh(merged(unitIcosphere, []Vec{{}}, []float64{7}), hole))

	zone := material.NewStandard(&math32.Color{R: 0.9, G: 0.15, B: 0.1})
	zone.SetOpacity(0.12)
	zone.SetTransparent(true)
	zone.SetDepthMask(false)
	r.scene.Add(graphic.NewMesh(merged(unitSmoothSphere, []Vec{{}}, []float64{20}), zone))

	r.selComm = r.rangeSphere(&math32.Color{R: 0.3, G: 0.6, B: 1}, 0.10)
	r.selMove = r.rangeSphere(&math32.Color{R: 0.3, G: 1, B: 0.5}, 0.10)
	mark := material.NewStandard(&math32.Color{R: 1, G: 1, B: 1})
	mark.SetEmissiveColor(&math32.Color{R: 0.6, G: 0.6, B: 0.6})
	mark.SetWireframe(true)
	r.selMark = graphic.NewMesh(merged(unitIcosphere, []Vec{{}}, []float64{1}), mark)
	r.selMark.SetVisible(false)
	r.scene.Add(r.selMark)
	r.bodies = core.NewNode()
	r.scene.Add(r.bodies)
	r.nearNode = core.NewNode()
	r.scene.Add(r.nearNode)
	r.courses = core.NewNode()
	r.scene.Add(r.courses)
}

// SetCourses replaces the planned movements shown: one Lines object.
func (r *Renderer) SetCourses(cs []Course) {
	restore := r.makeCurrent()
	defer restore()
	r.courses.DisposeChildren(true)
	var lines lineSet
	for _, sg := range courseSegments(cs, courseMarkSize) {
		lines.add(sg.a, sg.b, rgb(float32(sg.c.R)/255, float32(sg.c.G)/255, float32(sg.c.B)/255))
	}
	if len(lines.buf) > 0 {
		r.courses.Add(graphic.NewLines(lines.geometry(), material.NewBasic()))
	}
}

func (r *Renderer) rangeSphere(c *math32.Color, opacity float32) *graphic.Mesh {
	m := material.NewStandard(c)
	m.SetOpacity(opacity)
	m.SetTransparent(true)
	m.SetDepthMask(false)
	m.SetSide(material.SideDouble)
	mesh := graphic.NewMesh(merged(unitSmoothSphere, []Vec{{}}, []float64{1}), m)
	mesh.SetVisible(false)
	r.scene.Add(mesh)
	return mesh
}

// SetMap replaces the bodies shown: one point cloud of sprites, one draw
// call.
func (r *Renderer) SetMap(m *Map) {
	restore := r.makeCurrent()
	defer restore()
	r.bodies.DisposeChildren(true)
	r.nearNode.DisposeChildren(true)
	r.near, r.sprites = r.near[:0], nil
	r.mapShown = m
	if m == nil || len(m.Bodies) == 0 {
		return
	}
	r.sprites = newSprites(m, r.palette)
	r.bodies.Add(r.sprites)
	var trails lineSet
	for _, sg := range trailSegments(m, r.palette) {
		trails.add(sg.a, sg.b, rgb(float32(sg.c.R)/255, float32(sg.c.G)/255, float32(sg.c.B)/255))
	}
	if len(trails.buf) > 0 {
		r.bodies.Add(graphic.NewLines(trails.geometry(), material.NewBasic()))
	}
}

// SetPalette changes the colours; the next SetMap uses them.
func (r *Renderer) SetPalette(p Palette) { r.palette = p }

// Render draws the map as the camera sees it into a w×h image, with
// labels, and returns it. The image is reused by the next call.
func (r *Renderer) Render(sel Selection, c Camera, w, h int) (*image.RGBA, error) {
	if err := r.RenderInto(nil, sel, c, w, h); err != nil {
		return nil, err
	}
	return r.img, nil
}

// RenderInto draws a frame into dst (w×h), or into the renderer's own
// image when dst is nil: the read-back goes straight into it.
func (r *Renderer) RenderInto(dst *image.RGBA, sel Selection, c Camera, w, h int) error {
	if w < 1 || h < 1 {
		return fmt.Errorf("render3d: empty view %dx%d", w, h)
	}
	restore := r.makeCurrent()
	defer restore()
	if err := r.ensureTarget(w, h); err != nil {
		return err
	}
	if dst == nil {
		dst = r.img
	}
	if dst.Bounds() != image.Rect(0, 0, w, h) {
		return fmt.Errorf("render3d: image of %v for a %dx%d view", dst.Bounds(), w, h)
	}
	r.aim(c, w, h)
	r.showSelection(sel)
	if r.sprites != nil {
		r.sprites.scale = float32(c.PixelsPer(1, h))
		r.sprites.maxSize = float32(r.maxSprite())
	}
	r.showNear(r.nearBodies(c, w, h))
	gl.BindFramebuffer(gl.FRAMEBUFFER, r.fbo)
	r.gs.Viewport(0, 0, int32(w), int32(h))
	bg := Background
	r.gs.ClearColor(float32(bg.R)/255, float32(bg.G)/255, float32(bg.B)/255, 1)
	r.gs.Clear(gls.COLOR_BUFFER_BIT | gls.DEPTH_BUFFER_BIT | gls.STENCIL_BUFFER_BIT)
	if err := r.rend.Render(r.scene, r.cam); err != nil {
		gl.BindFramebuffer(gl.FRAMEBUFFER, 0)
		return err
	}
	// The labels are laid out while GL draws (the read-back waits for
	// it): on a software GL driver the two share the processors, on a GPU
	// the layout is free.
	gl.Flush()
	var labels []Label
	if r.mapShown != nil {
		labels = LayoutLabels(r.mapShown, sel, c, w, h, r.fonts.measure, r.fonts.lineH, r.palette)
	}
	gl.PixelStorei(gl.PACK_ALIGNMENT, 1)
	gl.ReadPixels(0, 0, int32(w), int32(h), gl.RGBA, gl.UNSIGNED_BYTE, gl.Ptr(r.pix))
	gl.BindFramebuffer(gl.FRAMEBUFFER, 0)
	// GL's rows run bottom up; images run top down.
	stride := w * 4
	for y := 0; y < h; y++ {
		copy(dst.Pix[y*dst.Stride:y*dst.Stride+stride], r.pix[(h-1-y)*stride:(h-y)*stride])
	}
	r.fonts.drawLabels(dst, labels)
	return nil
}

// ensureTarget (re)makes the framebuffer object at w×h.
func (r *Renderer) ensureTarget(w, h int) error {
	if r.fbo != 0 && r.fw == w && r.fh == h {
		return nil
	}
	if r.fbo != 0 {
		gl.DeleteFramebuffers(1, &r.fbo)
		gl.DeleteRenderbuffers(1, &r.colorRB)
		gl.DeleteRenderbuffers(1, &r.depthRB)
	}
	gl.GenFramebuffers(1, &r.fbo)
	gl.BindFramebuffer(gl.FRAMEBUFFER, r.fbo)
	gl.GenRenderbuffers(1, &r.colorRB)
	gl.BindRenderbuffer(gl.RENDERBUFFER, r.colorRB)
	gl.RenderbufferStorage(gl.RENDERBUFFER, gl.RGBA8, int32(w), int32(h))
	gl.FramebufferRenderbuffer(gl.FRAMEBUFFER, gl.COLOR_ATTACHMENT0, gl.RENDERBUFFER, r.colorRB)
	gl.GenRenderbuffers(1, &r.depthRB)
	gl.BindRenderbuffer(gl.RENDERBUFFER, r.depthRB)
	gl.RenderbufferStorage(gl.RENDERBUFFER, gl.DEPTH24_STENCIL8, int32(w), int32(h))
	gl.FramebufferRenderbuffer(gl.FRAMEBUFFER, gl.DEPTH_STENCIL_ATTACHMENT, gl.RENDERBUFFER, r.depthRB)
	status := gl.CheckFramebufferStatus(gl.FRAMEBUFFER)
	gl.BindFramebuffer(gl.FRAMEBUFFER, 0)
	if status != gl.FRAMEBUFFER_COMPLETE {
		return fmt.Errorf("render3d: framebuffer incomplete (status 0x%x)", status)
	}
	r.fw, r.fh = w, h
	r.pix = make([]byte, w*h*4)
	r.img = image.NewRGBA(image.Rect(0, 0, w, h))
	return nil
}

// aim points g3n's camera as c describes, with the headlight behind it.
func (r *Renderer) aim(c Camera, w, h int) {
	eye := c.Eye()
	r.cam.SetAspect(float32(w) / float32(h))
	r.cam.SetFov(float32(c.FovY))
	r.cam.SetPosition(float32(eye[0]), float32(eye[1]), float32(eye[2]))
	r.cam.LookAt(&math32.Vector3{X: float32(c.Target[0]), Y: float32(c.Target[1]), Z: float32(c.Target[2])},
		&math32.Vector3{Z: 1})
	// A light from over the viewer's shoulder.
	_, right, up := c.basis()
	l := eye.Sub(c.Target).Unit().Add(right.Scale(0.4)).Add(up.Scale(0.6))
	r.head.SetPosition(float32(l[0]), float32(l[1]), float32(l[2]))
}

func (r *Renderer) showSelection(sel Selection) {
	r.selComm.SetVisible(false)
	r.selMove.SetVisible(false)
	r.selMark.SetVisible(false)
	if r.mapShown == nil || sel.Key.IsZero() {
		return
	}
	i := r.mapShown.Find(sel.Key)
	if i < 0 {
		return
	}
	b := r.mapShown.Bodies[i]
	place := func(m *graphic.Mesh, rad float64) {
		if rad <= 0 {
			return
		}
		m.SetPosition(float32(b.Pos[0]), float32(b.Pos[1]), float32(b.Pos[2]))
		m.SetScale(float32(rad), float32(rad), float32(rad))
		m.SetVisible(true)
	}
	place(r.selMark, b.Radius*1.8+1)
	place(r.selComm, sel.CommRange)
	place(r.selMove, sel.MoveRange)
}

// Close frees the GL resources and the hidden window.
func (r *Renderer) Close() {
	if r.win == nil {
		return
	}
	restore := r.makeCurrent()
	if r.fbo != 0 {
		gl.DeleteFramebuffers(1, &r.fbo)
		gl.DeleteRenderbuffers(1, &r.colorRB)
		gl.DeleteRenderbuffers(1, &r.depthRB)
	}
	restore()
	r.win.Destroy()
	r.win = nil
}
