/* samples/sample.col in flash, one byte past a word boundary: the Cortex-M0 faults on
   any misaligned load, and the library must read it byte by byte. Assembled with
   -I samples (targets/run). */
    .section .rodata.sample, "a"
    .balign 4
    .byte 0
    .global sample_col
sample_col:
    .incbin "sample.col"
    .global sample_col_end
sample_col_end:

    .section .note.GNU-stack, "", %progbits
