/* The plain C of holdem/pokerstars/_amounts.pyx: a str's characters read, and what each one is,
   by the C macros of Python's own str (they take no lock and touch no Python object). */
#ifndef HOLDEM_AMOUNTS_H
#define HOLDEM_AMOUNTS_H

#include <Python.h>

/* The character at index i of a str's data (kind: its bytes a character, as the str holds them). */
static inline Py_UCS4 holdem_char_at(int kind, const void *data, Py_ssize_t i) {
    return PyUnicode_READ(kind, data, i);
}

/* Whether c is a blank str.strip() removes. */
static inline int holdem_is_blank(Py_UCS4 c) { return Py_UNICODE_ISSPACE(c); }

/* The value of a decimal digit (any str.isdecimal() digit, as int() reads it), else -1. */
static inline int holdem_decimal_of(Py_UCS4 c) { return Py_UNICODE_TODECIMAL(c); }

#endif
