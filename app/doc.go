// Package app is Silverfall's desktop window, built with Fyne: the 3D map
// of the solar system in the centre (frames from render3d), the tree of
// the player's ships, fleets, planets, trading planets, contacts and
// officers on the left, the details of the selection on the right, and the
// turn sheet's text below. It wires the report parser, the renderer and the
// settings together; nothing imports it but cmd/silverfall.
package app
