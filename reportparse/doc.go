// Package reportparse reads Darkness of Silverfall turn sheets as players
// really have them and turns them into the engine's model of what the
// player knows.
//
// Reading goes in stages, after the Go standard library's scanner, parser
// and ast split:
//
//  1. decode: a plain text file, or a saved e-mail (RFC 5322) with the sheet
//     as body or attachment, MIME multipart, quoted-printable or base64,
//     UTF-8, ISO-8859-1 or Windows-1252, format=flowed or not;
//  2. normalise: line ends, form feeds, repeated page headers, "> " quoting
//     of forwarded mail, greetings and signatures around the sheet, trailing
//     blanks;
//  3. split into the sheet's sections, each kept as raw text;
//  4. read each section into a model.Knowledge.
//
// Errors carry the position (FILE:LINE: message), name the section and say
// what was expected. A sheet cut short is read as far as it goes, with a
// warning naming the missing sections, unless it is cut short in its
// header: a sheet without its game, player or turn is refused, since it
// is no one's. An unknown section is kept as text
// with a warning. Nothing in here panics on bad input.
package reportparse
