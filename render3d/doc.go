// Package render3d draws the solar system of a Silverfall game in 3D with
// g3n, offscreen, and hands out finished frames as images. It knows nothing
// of Fyne: the window shows the frames and sends back the mouse.
//
// The package has two halves. The pure half (camera.go, scene.go, pick.go,
// label.go) describes what is on the map, where the camera looks, what is
// under the pointer and where labels go; it is plain Go and tested without
// a display. The GL half (gl.go) builds the g3n scene from that description
// and renders it into a framebuffer object of a hidden GLFW window: every
// kind of object is one merged mesh, so a frame costs a handful of draw
// calls whatever the number of planets and ships.
//
// GL calls must run on the thread that owns the GL context: in the program,
// Fyne's main thread.
package render3d
