package render3d

import (
	"math"

	"github.com/g3n/engine/geometry"
	"github.com/g3n/engine/gls"
	"github.com/g3n/engine/math32"
)

// unitIcosahedron is the 20-face sphere of planets in crowded kinds, drawn
// a few pixels across, where the extra faces cost time and show nothing.
var unitIcosahedron = cached(icosahedron)

// cached computes a shape once.
func cached(f func() ([]Vec, [][3]uint32)) func() ([]Vec, [][3]uint32) {
	v, t := f()
	return func() ([]Vec, [][3]uint32) { return v, t }
}

func icosahedron() (verts []Vec, tris [][3]uint32) {
	t := (1 + math.Sqrt(5)) / 2
	verts = []Vec{{-1, t, 0}, {1, t, 0}, {-1, -t, 0}, {1, -t, 0}, {0, -1, t}, {0, 1, t}, {0, -1, -t}, {0, 1, -t},
		{t, 0, -1}, {t, 0, 1}, {-t, 0, -1}, {-t, 0, 1}}
	for i := range verts {
		verts[i] = verts[i].Unit()
	}
	tris = [][3]uint32{{0, 11, 5}, {0, 5, 1}, {0, 1, 7}, {0, 7, 10}, {0, 10, 11}, {1, 5, 9}, {5, 11, 4}, {11, 10, 2},
		{10, 7, 6}, {7, 1, 8}, {3, 9, 4}, {3, 4, 2}, {3, 2, 6}, {3, 6, 8}, {3, 8, 9}, {4, 9, 5}, {2, 4, 11},
		{6, 2, 10}, {8, 6, 7}, {9, 8, 1}}
	return verts, tris
}

// unitIcosphere is a sphere of radius 1 made of 80 triangles: round enough
// for planets seen close.
var unitIcosphere = cached(func() ([]Vec, [][3]uint32) { return subdivide(icosahedron()) })

// unitSmoothSphere has 1,280 triangles, for the large range spheres.
var unitSmoothSphere = cached(func() ([]Vec, [][3]uint32) {
	v, t := subdivide(icosahedron())
	v, t = subdivide(v, t)
	return subdivide(v, t)
})

// subdivide splits each triangle in four, pushing the new corners out to
// the unit sphere.
func subdivide(verts []Vec, tris [][3]uint32) ([]Vec, [][3]uint32) {
	verts = append([]Vec(nil), verts...)
	mid := map[[2]uint32]uint32{}
	midpoint := func(a, b uint32) uint32 {
		if a > b {
			a, b = b, a
		}
		if m, ok := mid[[2]uint32{a, b}]; ok {
			return m
		}
		verts = append(verts, verts[a].Add(verts[b]).Unit())
		mid[[2]uint32{a, b}] = uint32(len(verts) - 1)
		return uint32(len(verts) - 1)
	}
	var out [][3]uint32
	for _, f := range tris {
		a, b, c := midpoint(f[0], f[1]), midpoint(f[1], f[2]), midpoint(f[2], f[0])
		out = append(out, [3]uint32{f[0], a, c}, [3]uint32{f[1], b, a}, [3]uint32{f[2], c, b}, [3]uint32{a, b, c})
	}
	return verts, out
}

// unitOctahedron is the shape of a ship marker.
var unitOctahedron = cached(func() (verts []Vec, tris [][3]uint32) {
	verts = []Vec{{1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1.4}, {0, 0, -1.4}}
	tris = [][3]uint32{{0, 2, 4}, {2, 1, 4}, {1, 3, 4}, {3, 0, 4}, {2, 0, 5}, {1, 2, 5}, {3, 1, 5}, {0, 3, 5}}
	return verts, tris
})

// merged builds one geometry holding a copy of shape for each of the
// centres and radii: one draw call for all of them.
func merged(shape func() ([]Vec, [][3]uint32), centres []Vec, radii []float64) *geometry.Geometry {
	verts, tris := shape()
	pos := make(math32.ArrayF32, 0, len(centres)*len(verts)*3)
	nrm := make(math32.ArrayF32, 0, len(centres)*len(verts)*3)
	idx := make(math32.ArrayU32, 0, len(centres)*len(tris)*3)
	for i, c := range centres {
		base := uint32(i * len(verts))
		for _, v := range verts {
			p := c.Add(v.Scale(radii[i]))
			n := v.Unit()
			pos.Append(float32(p[0]), float32(p[1]), float32(p[2]))
			nrm.Append(float32(n[0]), float32(n[1]), float32(n[2]))
		}
		for _, t := range tris {
			idx.Append(base+t[0], base+t[1], base+t[2])
		}
	}
	g := geometry.NewGeometry()
	g.SetIndices(idx)
	g.AddVBO(gls.NewVBO(pos).AddAttrib(gls.VertexPosition))
	g.AddVBO(gls.NewVBO(nrm).AddAttrib(gls.VertexNormal))
	return g
}

// lineSet collects coloured line segments for one Lines object.
type lineSet struct{ buf math32.ArrayF32 }

func (l *lineSet) add(a, b Vec, c [3]float32) {
	l.buf.Append(float32(a[0]), float32(a[1]), float32(a[2]), c[0], c[1], c[2],
		float32(b[0]), float32(b[1]), float32(b[2]), c[0], c[1], c[2])
}

// circle adds a circle of radius r around centre in the plane spanned by u and v.
func (l *lineSet) circle(centre, u, v Vec, r float64, segments int, c [3]float32) {
	prev := centre.Add(u.Scale(r))
	for i := 1; i <= segments; i++ {
		a := 2 * math.Pi * float64(i) / float64(segments)
		p := centre.Add(u.Scale(r * math.Cos(a))).Add(v.Scale(r * math.Sin(a)))
		l.add(prev, p, c)
		prev = p
	}
}

func (l *lineSet) geometry() *geometry.Geometry {
	g := geometry.NewGeometry()
	g.AddVBO(gls.NewVBO(l.buf).AddAttrib(gls.VertexPosition).AddAttrib(gls.VertexColor))
	return g
}

// sun is the fixed direction light comes from; shading is baked into the
// vertex colours with it, so the bodies need only the cheapest shader.
var sun = Vec{0.45, -0.35, 0.82}.Unit()

// shade is a body's colour lit from the sun at a surface normal n.
func shade(c [3]float32, n Vec) [3]float32 {
	k := float32(0.32 + 0.78*math.Max(0, n.Dot(sun)))
	return [3]float32{min(c[0]*k, 1), min(c[1]*k, 1), min(c[2]*k, 1)}
}

// colouredSet collects shapes with baked-in shading for one mesh.
type colouredSet struct {
	buf math32.ArrayF32
	idx math32.ArrayU32
}

func (s *colouredSet) add(shape func() ([]Vec, [][3]uint32), centre Vec, radius float64, c [3]float32) {
	verts, tris := shape()
	base := uint32(len(s.buf) / 6)
	for _, v := range verts {
		p := centre.Add(v.Scale(radius))
		sc := shade(c, v.Unit())
		s.buf.Append(float32(p[0]), float32(p[1]), float32(p[2]), sc[0], sc[1], sc[2])
	}
	for _, t := range tris {
		s.idx.Append(base+t[0], base+t[1], base+t[2])
	}
}

func (s *colouredSet) geometry() *geometry.Geometry {
	g := geometry.NewGeometry()
	g.SetIndices(s.idx)
	g.AddVBO(gls.NewVBO(s.buf).AddAttrib(gls.VertexPosition).AddAttrib(gls.VertexColor))
	return g
}
