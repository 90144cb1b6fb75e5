package app

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
)

// variantTheme is Fyne's theme held to one variant, light or dark, as the
// settings choose; "system" follows the desktop.
type variantTheme struct {
	fyne.Theme
	variant fyne.ThemeVariant
	follow  bool
}

func newTheme(name string) fyne.Theme {
	switch name {
	case "light":
		return &variantTheme{Theme: theme.DefaultTheme(), variant: theme.VariantLight}
	case "system":
		return &variantTheme{Theme: theme.DefaultTheme(), follow: true}
	}
	return &variantTheme{Theme: theme.DefaultTheme(), variant: theme.VariantDark}
}

func (t *variantTheme) Color(n fyne.ThemeColorName, v fyne.ThemeVariant) color.Color {
	if !t.follow {
		v = t.variant
	}
	return t.Theme.Color(n, v)
}
