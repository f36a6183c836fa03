// A C target needs a source file; the API is all in the header.
