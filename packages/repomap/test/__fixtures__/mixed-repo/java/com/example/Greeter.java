package com.example;

/** Greets people by name. */
public class Greeter {
    private final String greeting;

    public Greeter(String greeting) {
        this.greeting = greeting;
    }

    public String greet(String name) {
        return greeting + ", " + name + "!";
    }

    public static void main(String[] args) {
        System.out.println(new Greeter("Hello").greet("world"));
    }
}
