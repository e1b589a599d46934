module github.com/editkit/editkit

go 1.25.0

require (
	github.com/google/go-cmp v0.7.0
	github.com/pmezard/go-difflib v1.0.0
	golang.org/x/text v0.41.0
)
