// The kernels of bench/vec_dense_last.c for MLIR's sparsifier
// (bench/vec_dense_last_run.sh compiles this file with vl=0 and vl=8 and
// renames the functions @K to @K_vlVL): loops over the dense last level of
// a sparse operand. SpMV, a row sum (rows of 256 and 12) over
// `(i : compressed, j : dense)`, SpMM with the sparse operand on the right
// (`(j : compressed, k : dense)`, 64 columns) and TTV over
// `(i : dense, j : compressed, k : dense)` (fibres of 64), on 64-bit
// (index) buffers assembled without a copy. Outputs are dense and updated
// in place, as in vec_dense_last.c.

#CD = #sparse_tensor.encoding<{ map = (i, j) -> (i : compressed, j : dense) }>
#DCD = #sparse_tensor.encoding<{ map = (i, j, k) -> (i : dense, j : compressed, k : dense) }>

#spmv = {
  indexing_maps = [affine_map<(i, j) -> (i, j)>,
                   affine_map<(i, j) -> (j)>,
                   affine_map<(i, j) -> (i)>],
  iterator_types = ["parallel", "reduction"]
}
#rowsum = {
  indexing_maps = [affine_map<(i, j) -> (i, j)>,
                   affine_map<(i, j) -> (i)>],
  iterator_types = ["parallel", "reduction"]
}
#spmm = {
  indexing_maps = [affine_map<(i, j, k) -> (i, j)>,
                   affine_map<(i, j, k) -> (j, k)>,
                   affine_map<(i, j, k) -> (i, k)>],
  iterator_types = ["parallel", "reduction", "parallel"]
}
#ttv = {
  indexing_maps = [affine_map<(i, j, k) -> (i, j, k)>,
                   affine_map<(i, j, k) -> (k)>,
                   affine_map<(i, j, k) -> (i, j)>],
  iterator_types = ["parallel", "parallel", "reduction"]
}

func.func @spmv(%pos: tensor<?xindex>, %crd: tensor<?xindex>, %val: tensor<?xf64>,
                %x: tensor<256xf64>, %y: tensor<4096xf64>) -> tensor<4096xf64>
    attributes { llvm.emit_c_interface } {
  %A = sparse_tensor.assemble (%pos, %crd), %val
     : (tensor<?xindex>, tensor<?xindex>), tensor<?xf64> to tensor<4096x256xf64, #CD>
  %r = linalg.generic #spmv
    ins(%A, %x : tensor<4096x256xf64, #CD>, tensor<256xf64>)
    outs(%y : tensor<4096xf64>) {
    ^bb0(%a: f64, %b: f64, %c: f64):
      %m = arith.mulf %a, %b : f64
      %s = arith.addf %c, %m : f64
      linalg.yield %s : f64
  } -> tensor<4096xf64>
  return %r : tensor<4096xf64>
}

func.func @rowsum(%pos: tensor<?xindex>, %crd: tensor<?xindex>, %val: tensor<?xf64>,
                  %y: tensor<4096xf64>) -> tensor<4096xf64>
    attributes { llvm.emit_c_interface } {
  %A = sparse_tensor.assemble (%pos, %crd), %val
     : (tensor<?xindex>, tensor<?xindex>), tensor<?xf64> to tensor<4096x256xf64, #CD>
  %r = linalg.generic #rowsum
    ins(%A : tensor<4096x256xf64, #CD>)
    outs(%y : tensor<4096xf64>) {
    ^bb0(%a: f64, %c: f64):
      %s = arith.addf %c, %a : f64
      linalg.yield %s : f64
  } -> tensor<4096xf64>
  return %r : tensor<4096xf64>
}

func.func @spmvshort(%pos: tensor<?xindex>, %crd: tensor<?xindex>, %val: tensor<?xf64>,
                     %x: tensor<12xf64>, %y: tensor<4096xf64>) -> tensor<4096xf64>
    attributes { llvm.emit_c_interface } {
  %A = sparse_tensor.assemble (%pos, %crd), %val
     : (tensor<?xindex>, tensor<?xindex>), tensor<?xf64> to tensor<4096x12xf64, #CD>
  %r = linalg.generic #spmv
    ins(%A, %x : tensor<4096x12xf64, #CD>, tensor<12xf64>)
    outs(%y : tensor<4096xf64>) {
    ^bb0(%a: f64, %b: f64, %c: f64):
      %m = arith.mulf %a, %b : f64
      %s = arith.addf %c, %m : f64
      linalg.yield %s : f64
  } -> tensor<4096xf64>
  return %r : tensor<4096xf64>
}

func.func @spmm(%D: tensor<256x512xf64>, %pos: tensor<?xindex>, %crd: tensor<?xindex>,
                %val: tensor<?xf64>, %C: tensor<256x64xf64>) -> tensor<256x64xf64>
    attributes { llvm.emit_c_interface } {
  %B = sparse_tensor.assemble (%pos, %crd), %val
     : (tensor<?xindex>, tensor<?xindex>), tensor<?xf64> to tensor<512x64xf64, #CD>
  %r = linalg.generic #spmm
    ins(%D, %B : tensor<256x512xf64>, tensor<512x64xf64, #CD>)
    outs(%C : tensor<256x64xf64>) {
    ^bb0(%a: f64, %b: f64, %c: f64):
      %m = arith.mulf %a, %b : f64
      %s = arith.addf %c, %m : f64
      linalg.yield %s : f64
  } -> tensor<256x64xf64>
  return %r : tensor<256x64xf64>
}

func.func @ttv(%pos: tensor<?xindex>, %crd: tensor<?xindex>, %val: tensor<?xf64>,
               %v: tensor<64xf64>, %Y: tensor<64x64xf64>) -> tensor<64x64xf64>
    attributes { llvm.emit_c_interface } {
  %A = sparse_tensor.assemble (%pos, %crd), %val
     : (tensor<?xindex>, tensor<?xindex>), tensor<?xf64> to tensor<64x64x64xf64, #DCD>
  %r = linalg.generic #ttv
    ins(%A, %v : tensor<64x64x64xf64, #DCD>, tensor<64xf64>)
    outs(%Y : tensor<64x64xf64>) {
    ^bb0(%a: f64, %b: f64, %c: f64):
      %m = arith.mulf %a, %b : f64
      %s = arith.addf %c, %m : f64
      linalg.yield %s : f64
  } -> tensor<64x64xf64>
  return %r : tensor<64x64xf64>
}
