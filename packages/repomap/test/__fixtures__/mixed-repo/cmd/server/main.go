package main

import (
	"fmt"
	"net/http"
)

// Config holds the listening address.
type Config struct {
	Addr string
}

// Handler answers health checks.
type Handler interface {
	ServeHTTP(w http.ResponseWriter, r *http.Request)
}

func NewConfig() Config {
	return Config{Addr: ":8080"}
}

func (c Config) Listen(handler http.Handler) error {
	fmt.Println("listening on", c.Addr)
	return http.ListenAndServe(c.Addr, handler)
}

func main() {
	_ = NewConfig().Listen(nil)
}
