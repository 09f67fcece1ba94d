#version 330
// The minimap's picture, a texel a block of cells, drawn as it is (nearest texels).
uniform sampler2D map;
in vec2 uv;
out vec4 colour;
void main() {
    colour = texture(map, uv);
}
