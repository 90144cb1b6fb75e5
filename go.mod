module silverfall

go 1.26.8

require (
	github.com/BurntSushi/toml v1.6.0 // indirect
	golang.org/x/text v0.44.0 // indirect
)
