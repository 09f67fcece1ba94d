"""Drawing and navigating the board. Its rooms, from the camera to the pixels:

- camera.py: where each cell is, and the camera's moves (fit, zoom, pan, glide);
- view.py: `BoardView`: the tiles shown as the engine's board is, the animations and markers;
- tile_layer.py: the Protocol both tile layers meet: grid_tiles.py (one shader, any size;
  its picture kept between frames by grid_cache.py) and sprite_tiles.py (a sprite a cell);
- animations.py: fade, slide, fade-in, linger; navigate.py: hints outward, the glide;
- minimap.py: the whole board in a corner, from the board's facts;
- theme.py: the faces, their far-out colours, the palette; group_marks.py: Chinese style's
  group badges drawn into the faces of a set that does not show the groups; backdrop.py: the
  background;
- shaders/: the GLSL files of the grid renderer and the minimap.
"""
