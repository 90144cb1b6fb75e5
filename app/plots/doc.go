// Package plots draws how a player's game went over the turns of his
// workspace: score against the lowest and highest, credits with income and
// expenses, each trading planet's prices, the fleet's size and strength,
// points and anti-points. A plot is drawn with gonum.org/v1/plot into an
// image for the window, or written as PNG or SVG.
//
// It keeps a few numbers a turn (Turn), not whole sheets, and reads no
// files: the sheets come to it already read (TurnsOf). It knows no widgets: the colours come in as
// a Palette, so that a plot suits the window's light or dark theme.
package plots
