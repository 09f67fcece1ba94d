#version 330
// The frame-time overlay's graph: each triangle in its corners' colour.
in vec4 colour;
out vec4 fragColor;
void main() {
    fragColor = colour;
}
