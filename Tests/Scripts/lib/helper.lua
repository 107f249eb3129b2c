-- A module for the sandbox tests: loadable with require, dofile and loadfile.
return { answer = 42 }
