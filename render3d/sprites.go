package render3d

import (
	"math"

	"github.com/g3n/engine/core"
	"github.com/g3n/engine/geometry"
	"github.com/g3n/engine/gls"
	"github.com/g3n/engine/graphic"
	"github.com/g3n/engine/material"
	"github.com/g3n/engine/math32"
	gl "github.com/go-gl/gl/v3.3-core/gl"
)

// The bodies are drawn as sprites: one point each, which the fragment
// shader shades as a lit sphere (planets) or a diamond (ship markers). A
// map of thousands of bodies is then a few thousand vertices instead of
// a hundred thousand triangles, which is what a frame cost in software GL.
// A point cannot grow past the driver's largest size, so bodies seen from
// close by are also drawn as meshes, which cover their sprite.

const spriteProgram = "silverfall_sprite"

const spriteVertex = `
#include <attributes>
uniform mat4 MV;
uniform mat4 Proj;
uniform float PixelScale;
uniform float MaxSprite;
out vec3 Color;
flat out float Shape;
flat out vec3 Sun;
void main() {
	Color = VertexColor;
	Shape = VertexNormal.y;
	// The body's radius rides in the normal's first component.
	float r = VertexNormal.x;
	vec4 eye = MV * vec4(VertexPosition, 1.0);
	// The sprite lies at the body's nearest point, so that what passes
	// through the body (an axis, a course) is hidden by it, as by a sphere.
	vec4 front = eye + vec4(normalize(-eye.xyz) * r, 0.0);
	gl_Position = Proj * front;
	float size = 2.0 * r * PixelScale / max(-eye.z, 0.001);
	gl_PointSize = max(2.0, size);
	if (size > MaxSprite || -eye.z < r) {
		// Too large for a sprite: the body's mesh shows it instead.
		gl_Position = vec4(2.0, 2.0, 2.0, 1.0);
	}
	Sun = normalize(mat3(MV) * vec3(0.45, -0.35, 0.82));
}
`

const spriteFragment = `
precision highp float;
in vec3 Color;
flat in float Shape;
flat in vec3 Sun;
out vec4 FragColor;
void main() {
	vec2 p = gl_PointCoord * 2.0 - 1.0;
	vec3 n;
	if (Shape > 0.5) {
		// A ship marker: a diamond, its four faces lit as an octahedron's.
		float a = abs(p.x) + abs(p.y);
		if (a > 1.0) discard;
		n = normalize(vec3(sign(p.x), -sign(p.y), 1.0));
	} else {
		float d = dot(p, p);
		if (d > 1.0) discard;
		n = vec3(p.x, -p.y, sqrt(1.0 - d));
	}
	float k = 0.32 + 0.78 * max(dot(n, Sun), 0.0);
	FragColor = vec4(min(Color * k, vec3(1.0)), 1.0);
}
`

// addSpriteProgram teaches the renderer the sprites' shaders.
func (r *Renderer) addSpriteProgram() {
	r.rend.AddShader(spriteProgram+"_vertex", spriteVertex)
	r.rend.AddShader(spriteProgram+"_fragment", spriteFragment)
	r.rend.AddProgram(spriteProgram, spriteProgram+"_vertex", spriteProgram+"_fragment")
	var size [2]float32
	gl.GetFloatv(gl.POINT_SIZE_RANGE, &size[0])
	r.maxPoint = float64(size[1])
	if r.maxPoint < 8 {
		r.maxPoint = 8
	}
}

// sprites is the bodies' point cloud.
type sprites struct {
	graphic.Graphic
	uniProj, uniMV, uniScale, uniMax gls.Uniform
	scale                            float32 // pixels per unit of length at depth 1
	maxSize                          float32 // the largest sprite drawn, in pixels
}

func newSprites(m *Map, pal Palette) *sprites {
	var buf math32.ArrayF32
	for _, b := range m.Bodies {
		c := b.color(pal)
		shape := float32(0)
		if b.Kind.IsShip() {
			shape = 1
		}
		rad := b.Radius
		if math.IsNaN(rad) || rad < 0 {
			rad = 0
		}
		buf.Append(float32(b.Pos[0]), float32(b.Pos[1]), float32(b.Pos[2]),
			float32(rad), shape, 0,
			float32(c.R)/255, float32(c.G)/255, float32(c.B)/255)
	}
	g := geometry.NewGeometry()
	g.AddVBO(gls.NewVBO(buf).AddAttrib(gls.VertexPosition).AddAttrib(gls.VertexNormal).AddAttrib(gls.VertexColor))
	s := new(sprites)
	s.Graphic.Init(s, g, gls.POINTS)
	mat := material.NewMaterial()
	mat.SetShader(spriteProgram)
	s.AddMaterial(s, mat, 0, 0)
	s.uniProj.Init("Proj")
	s.uniMV.Init("MV")
	s.uniScale.Init("PixelScale")
	s.uniMax.Init("MaxSprite")
	return s
}

// RenderSetup hands the shader the matrices and the pixel scale.
func (s *sprites) RenderSetup(gs *gls.GLS, rinfo *core.RenderInfo) {
	gs.UniformMatrix4fv(s.uniProj.Location(gs), 1, false, &rinfo.ProjMatrix[0])
	mv := s.ModelViewMatrix()
	gs.UniformMatrix4fv(s.uniMV.Location(gs), 1, false, &mv[0])
	gs.Uniform1f(s.uniScale.Location(gs), s.scale)
	gs.Uniform1f(s.uniMax.Location(gs), s.maxSize)
}

// nearBodies lists the bodies drawn larger than a sprite can be. The
// shader leaves out the sprites above the largest size; the list takes in
// a margin below it, where a body is drawn both ways (the sprite then
// covers the mesh), so that no body falls between the two.
func (r *Renderer) nearBodies(c Camera, w, h int) []int {
	if r.mapShown == nil {
		return nil
	}
	v := c.view(w, h)
	limit := r.maxSprite() * 0.45 // a radius, in pixels
	var near []int
	for i := range r.mapShown.Bodies {
		b := &r.mapShown.Bodies[i]
		_, _, depth, ok := v.project(b.Pos)
		if !ok && depth < -b.Radius {
			continue // wholly behind the eye
		}
		if depth <= 0 || b.Radius*c.PixelsPer(depth, h) > limit {
			near = append(near, i)
		}
	}
	return near
}

// showNear draws the near bodies as meshes, rebuilding them when the set
// changes.
func (r *Renderer) showNear(near []int) {
	same := len(near) == len(r.near)
	for i := 0; same && i < len(near); i++ {
		same = near[i] == r.near[i]
	}
	if same {
		return
	}
	r.near = append(r.near[:0], near...)
	r.nearNode.DisposeChildren(true)
	if len(near) == 0 {
		return
	}
	var set colouredSet
	for _, i := range near {
		b := r.mapShown.Bodies[i]
		shape := unitSmoothSphere
		if b.Kind.IsShip() {
			shape = unitOctahedron
		}
		c := b.color(r.palette)
		set.add(shape, b.Pos, b.Radius, [3]float32{float32(c.R) / 255, float32(c.G) / 255, float32(c.B) / 255})
	}
	r.nearNode.Add(graphic.NewMesh(set.geometry(), material.NewBasic()))
}

// maxSprite is the largest sprite drawn, in pixels: a little under the
// driver's largest point.
func (r *Renderer) maxSprite() float64 { return r.maxPoint * 0.9 }
