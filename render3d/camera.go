package render3d

import "math"

// Vec is a point or direction in the map's space (game coordinates).
type Vec [3]float64

func (a Vec) Add(b Vec) Vec       { return Vec{a[0] + b[0], a[1] + b[1], a[2] + b[2]} }
func (a Vec) Sub(b Vec) Vec       { return Vec{a[0] - b[0], a[1] - b[1], a[2] - b[2]} }
func (a Vec) Scale(s float64) Vec { return Vec{a[0] * s, a[1] * s, a[2] * s} }
func (a Vec) Dot(b Vec) float64   { return a[0]*b[0] + a[1]*b[1] + a[2]*b[2] }
func (a Vec) Len() float64        { return math.Sqrt(a.Dot(a)) }
func (a Vec) Cross(b Vec) Vec {
	return Vec{a[1]*b[2] - a[2]*b[1], a[2]*b[0] - a[0]*b[2], a[0]*b[1] - a[1]*b[0]}
}

// Unit returns a scaled to length 1 (or a when it is zero).
func (a Vec) Unit() Vec {
	if l := a.Len(); l > 0 {
		return a.Scale(1 / l)
	}
	return a
}

// Camera orbits a target point: Z is up, Yaw turns around Z, Pitch tilts
// above the XY plane, Distance is how far the eye is from the target.
type Camera struct {
	Target   Vec
	Distance float64
	Yaw      float64 // radians
	Pitch    float64 // radians, within ±MaxPitch
	FovY     float64 // vertical field of view, degrees
}

// Limits of the camera.
const (
	MaxPitch    = math.Pi/2 - 0.01
	MinDistance = 5
	MaxDistance = 6000
	Near        = 1.0
	Far         = 20000.0
)

// DefaultCamera looks at Silverfall from above and aside, far enough to see
// the whole map (radius 350).
func DefaultCamera() Camera {
	return Camera{Distance: 1050, Yaw: -math.Pi / 3, Pitch: 0.5, FovY: 45}
}

// Valid reports whether every figure of the camera is a finite number in
// its range: a view file from disk may hold anything.
func (c Camera) Valid() bool {
	for _, v := range []float64{c.Target[0], c.Target[1], c.Target[2], c.Distance, c.Yaw, c.Pitch, c.FovY} {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return false
		}
	}
	return c.Distance >= MinDistance && c.Distance <= MaxDistance && math.Abs(c.Pitch) <= MaxPitch &&
		c.FovY > 0 && c.FovY < 180 && math.Abs(c.Target[0])+math.Abs(c.Target[1])+math.Abs(c.Target[2]) < 1e9
}

// Eye is where the camera is.
func (c Camera) Eye() Vec {
	cp := math.Cos(c.Pitch)
	return c.Target.Add(Vec{cp * math.Cos(c.Yaw), cp * math.Sin(c.Yaw), math.Sin(c.Pitch)}.Scale(c.Distance))
}

// basis returns the camera's forward, right and up directions.
func (c Camera) basis() (fwd, right, up Vec) {
	fwd = c.Target.Sub(c.Eye()).Unit()
	right = fwd.Cross(Vec{0, 0, 1}).Unit()
	up = right.Cross(fwd)
	return
}

// Project returns the pixel (x right, y down) where p shows in a w×h view,
// its depth along the view, and whether it is in front of the camera.
func (c Camera) Project(p Vec, w, h int) (x, y, depth float64, ok bool) {
	v := c.view(w, h)
	return v.project(p)
}

// view is a camera fixed for one frame, to project many points cheaply.
type view struct {
	eye, fwd, right, up Vec
	sx, sy              float64 // pixels per unit of right and up at depth 1
	cx, cy              float64
}

func (c Camera) view(w, h int) view {
	fwd, right, up := c.basis()
	t := math.Tan(c.FovY * math.Pi / 360)
	aspect := float64(w) / float64(h)
	return view{eye: c.Eye(), fwd: fwd, right: right, up: up,
		sx: float64(w) / (2 * t * aspect), sy: float64(h) / (2 * t), cx: float64(w) / 2, cy: float64(h) / 2}
}

func (v *view) project(p Vec) (x, y, depth float64, ok bool) {
	d := p.Sub(v.eye)
	depth = d.Dot(v.fwd)
	if depth <= Near {
		return 0, 0, depth, false
	}
	return v.cx + d.Dot(v.right)/depth*v.sx, v.cy - d.Dot(v.up)/depth*v.sy, depth, true
}

// PixelsPer returns how many pixels one unit of length spans at depth in a
// view h pixels high.
func (c Camera) PixelsPer(depth float64, h int) float64 {
	return float64(h) / (2 * depth * math.Tan(c.FovY*math.Pi/360))
}

// Ray returns the ray from the eye through pixel (x, y) of a w×h view.
func (c Camera) Ray(x, y float64, w, h int) (origin, dir Vec) {
	fwd, right, up := c.basis()
	t := math.Tan(c.FovY * math.Pi / 360)
	aspect := float64(w) / float64(h)
	nx := 2*x/float64(w) - 1
	ny := 1 - 2*y/float64(h)
	return c.Eye(), fwd.Add(right.Scale(nx * t * aspect)).Add(up.Scale(ny * t)).Unit()
}

// Orbit turns the camera by dx, dy radians around its target.
func (c *Camera) Orbit(dx, dy float64) {
	c.Yaw = math.Mod(c.Yaw+dx, 2*math.Pi)
	c.Pitch = math.Max(-MaxPitch, math.Min(MaxPitch, c.Pitch+dy))
}

// Zoom moves the camera nearer (factor < 1) or farther (factor > 1).
func (c *Camera) Zoom(factor float64) {
	c.Distance = math.Max(MinDistance, math.Min(MaxDistance, c.Distance*factor))
}

// ZoomAt zooms by factor toward the point under pixel (x, y) of a w×h
// view, which stays under that pixel: the point is taken on the plane
// through the target that faces the camera.
func (c *Camera) ZoomAt(factor, x, y float64, w, h int) {
	if w < 1 || h < 1 {
		c.Zoom(factor)
		return
	}
	origin, dir := c.Ray(x, y, w, h)
	fwd, _, _ := c.basis()
	cos := dir.Dot(fwd)
	before := c.Distance
	c.Zoom(factor)
	f := c.Distance / before
	if cos <= 1e-6 || f == 1 {
		return
	}
	p := origin.Add(dir.Scale(before / cos))
	c.Target = p.Add(c.Target.Sub(p).Scale(f))
}

// Pan moves the target across the view by dx, dy pixels of a view h high.
func (c *Camera) Pan(dx, dy float64, h int) {
	_, right, up := c.basis()
	k := 1 / c.PixelsPer(c.Distance, h)
	c.Target = c.Target.Add(right.Scale(-dx * k)).Add(up.Scale(dy * k))
}

// Fit aims the camera at the middle of the points and backs off until
// they all show in a w×h view, keeping its direction.
func (c *Camera) Fit(points []Vec, w, h int) {
	if len(points) == 0 {
		*c = DefaultCamera()
		return
	}
	lo, hi := points[0], points[0]
	for _, p := range points {
		for k := 0; k < 3; k++ {
			lo[k], hi[k] = math.Min(lo[k], p[k]), math.Max(hi[k], p[k])
		}
	}
	c.Target = lo.Add(hi).Scale(0.5)
	r := 0.0
	for _, p := range points {
		r = math.Max(r, p.Sub(c.Target).Len())
	}
	r = math.Max(r, 20)
	half := c.FovY * math.Pi / 360
	if aspect := float64(w) / float64(h); aspect < 1 {
		half = math.Atan(math.Tan(half) * aspect)
	}
	c.Distance = math.Min(MaxDistance, r/math.Sin(half)*1.05)
}
