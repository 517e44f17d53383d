/** A certificate's code as it is printed: groups of four (`K7QX-M4PT-9RHW`), easier to read out and type. */
export const printedCode = (code: string) => code.match(/.{1,4}/g)?.join('-') ?? code;
