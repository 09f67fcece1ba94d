#version 330
// The minimap's quad, already in clip space (minimap.py places it in the window's corner).
in vec2 in_vert;
in vec2 in_uv;
out vec2 uv;
void main() {
    gl_Position = vec4(in_vert, 0.0, 1.0);
    uv = in_uv;
}
