// Package greet is the demo project the editkit README edits.
package greet

import "fmt"

// Hello returns a greeting for name.
func Hello(name string) string {
	if name == "" {
		name = "world"
	}
	return fmt.Sprintf("Hello, %s!", name)
}
