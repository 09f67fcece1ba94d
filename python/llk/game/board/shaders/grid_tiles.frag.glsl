#version 330
// Four builds of this shader, chosen per frame by the zoom: FLAT (the kinds' colours),
// FACES_ONLY, and BOTH (blending the two, in the band between), or HEAT (the "where to look"
// view at low zoom: a tile's colour is how many tiles of its block have a partner);
// grid_tiles.py sets one of the four to 1, and FACES to the number of tile faces. llvmpipe runs a shader on the CPU and
// does not skip the untaken side of a branch, so a mode is a build, not an `if`.
#define FLAT 0
#define FACES_ONLY 0
#define BOTH 0
#define HEAT 0
#define FACES 48
//
// Drawn into the cache with blending off: every pixel of the board's rectangle is written,
// the background where a cell is empty, so there is no discard and no blend.
uniform usampler2D kinds;          // texel (col, row): the kind at that cell, 0 empty
uniform sampler2DArray faces;      // layer k: the face of kinds k+1, k+1+FACES, ...
uniform vec3 kind_colours[FACES];  // layer k's colour far out (its colours.json)
uniform sampler2D backdrop;        // the background, at the size of the framebuffer drawn into
uniform int rows;
uniform float face_lod;            // mip level of the faces at this zoom
uniform float flat_mix;            // BOTH: 0 faces .. 1 the kinds' colours
uniform float tile_pixels;         // a tile's width on screen
uniform ivec4 highlight;           // these kinds are tinted (-1: none)
uniform vec3 highlight_tint;
uniform float alpha;               // the fade-in after a re-deal
uniform sampler2D heat;            // HEAT: texel (block col, block row), 0 no move .. 1 the busiest
uniform int heat_block;            // HEAT: cells per block side
in vec2 in_tiles;
out vec4 colour;

void main() {
    // The same rule as BoardView.cell_at_world: column 0 starts one tile right of x = 0,
    // row 0 is at the top. The quad covers board cells only.
    ivec2 cell = ivec2(int(in_tiles.x) - 1, rows - int(in_tiles.y));
    uint kind = texelFetch(kinds, cell, 0).r;
    float k = float(kind) - 1.0;
    // (kind - 1) mod FACES, without an integer divide.
    float layer = k - float(FACES) * floor(k / float(FACES));
    vec2 uv = fract(in_tiles);
#if HEAT
    // Cold blue where no tile of the block has a partner, through red to yellow where the
    // most do (the minimap's measure, already square-rooted so that a few moves show).
    float h = texelFetch(heat, cell / heat_block, 0).r;
    vec3 cold = vec3(0.16, 0.24, 0.55), warm = vec3(0.92, 0.25, 0.12), hot = vec3(1.0, 0.92, 0.3);
    vec4 tile = vec4(h < 0.5 ? mix(cold, warm, 2.0 * h) : mix(warm, hot, 2.0 * h - 1.0), 1.0);
    tile.rgb *= (tile_pixels >= 3.0 && min(uv.x, uv.y) * tile_pixels < 1.0) ? 0.55 : 1.0;
#endif
#if FLAT || BOTH
    vec4 tile = vec4(kind_colours[int(layer)], 1.0);
    // A pixel of gap between flat tiles, so that they can be counted.
    tile.rgb *= (tile_pixels >= 3.0 && min(uv.x, uv.y) * tile_pixels < 1.0) ? 0.55 : 1.0;
#endif
#if FACES_ONLY || BOTH
    vec4 face = textureLod(faces, vec3(uv.x, 1.0 - uv.y, layer), face_lod);
#endif
#if BOTH
    tile = mix(face, tile, flat_mix);
#elif FACES_ONLY
    vec4 tile = face;
#endif
    tile.rgb *= any(equal(ivec4(int(kind)), highlight)) ? highlight_tint : vec3(1.0);
    float cover = kind == 0u ? 0.0 : tile.a * alpha;
    vec3 background = texelFetch(backdrop, ivec2(gl_FragCoord.xy), 0).rgb;
    colour = vec4(mix(background, tile.rgb, cover), 1.0);
}
