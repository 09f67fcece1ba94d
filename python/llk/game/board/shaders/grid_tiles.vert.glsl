#version 330
// One quad over the part of the board on screen: corners in clip space, and the same corners
// in tile units (world / tile size), which the rasteriser interpolates exactly (the camera is
// an affine map), so the fragment shader does no per-pixel camera arithmetic.
uniform vec4 clip_rect;   // left, bottom, right, top in clip space
uniform vec4 tile_rect;   // the same corners in tile units
in vec2 in_vert;
in vec2 in_uv;
out vec2 in_tiles;
void main() {
    gl_Position = vec4(mix(clip_rect.xy, clip_rect.zw, in_uv), 0.0, 1.0);
    in_tiles = mix(tile_rect.xy, tile_rect.zw, in_uv);
}
